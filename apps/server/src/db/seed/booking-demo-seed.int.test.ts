import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { localDateAt } from '@prsp/contracts';
import { appointmentParticipants, appointments, experts, services } from '../schema';
import { organisationId, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { seedDemoBookings } from './booking-demo-seed';

let t: TestApp;
beforeAll(async () => {
  ({ t } = await startStaffTestApp());
});
afterAll(() => t.close());

test('the demo calendar: open weekday timeslots for the next 14 days, a booking to come, a past one; once only', async () => {
  const now = new Date('2026-11-23T07:00:00Z'); // a Monday, 09:00 in Helsinki
  await t.database.db.transaction((tx) => seedDemoBookings(tx, now));
  const espoo = await organisationId(t, 'espoo-demo');
  const rows = await t.database.db.select().from(appointments).where(eq(appointments.organisationId, espoo));
  const open = rows.filter((r) => r.status === 'open');
  const days = new Set(open.map((r) => localDateAt(r.startsAt)));
  expect([...days].sort()).toEqual([
    '2026-11-23',
    '2026-11-24',
    '2026-11-25',
    '2026-11-26',
    '2026-11-27',
    '2026-11-30',
    '2026-12-01',
    '2026-12-02',
    '2026-12-03',
    '2026-12-04',
  ]);
  expect(open.every((r) => r.startsAt > now && r.endsAt.getTime() - r.startsAt.getTime() === 30 * 60_000)).toBe(true);
  // Issue 29: every open time belongs to the service of its expert's queue and has its kind: the doctor's are video.
  const serviceRows = await t.database.db.select().from(services).where(eq(services.organisationId, espoo));
  const expertRows = await t.database.db.select().from(experts).where(eq(experts.organisationId, espoo));
  const serviceOfExpert = new Map(expertRows.map((e) => [e.id, serviceRows.find((s) => s.chatQueueId === e.chatQueueId)!]));
  expect(open.every((r) => r.serviceId !== null && r.serviceId === serviceOfExpert.get(r.expertId!)!.id)).toBe(true);
  const kinds = new Map(open.map((r) => [serviceRows.find((s) => s.id === r.serviceId)!.slug, r.type]));
  expect(Object.fromEntries(kinds)).toEqual({ nurse: 'oneOnOne', doctor: 'basic' });
  expect(open.filter((r) => r.type === 'basic').length).toBeGreaterThan(0);
  const reserved = rows.filter((r) => r.status !== 'open');
  expect(reserved.map((r) => r.startsAt < now).sort()).toEqual([false, false, true]);
  const people = await t.database.db.select().from(appointmentParticipants);
  expect(people.map((p) => p.name).sort()).toEqual(['Matti Korhonen', 'Matti Korhonen', 'Sara Lindholm']);

  await t.database.db.transaction((tx) => seedDemoBookings(tx, now));
  expect(await t.database.db.select().from(appointments).where(eq(appointments.organisationId, espoo))).toHaveLength(rows.length);
});
