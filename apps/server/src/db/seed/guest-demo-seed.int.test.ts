import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AccessKey, GuestCompany } from '@prsp/contracts';
import { appointmentParticipants, appointments } from '../schema';
import { expectError, okData } from '../../modules/patients/patient.steps';
import { seedDemoBookings } from './booking-demo-seed';
import { bearerClient } from '../../modules/chat/chat.steps';
import { organisationId, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { DEMO_GUEST, ensureDemoGuestAppointment } from './guest-demo-seed';
import { anonymousBrowser, guestLogin, signInGuest } from '../../modules/guests/guest.steps';

let t: TestApp;
beforeAll(async () => {
  ({ t } = await startStaffTestApp());
});
afterAll(() => t.close());

test('the demo guest: a live group video appointment from now for 2 hours, kept on the next start, and the demo PIN opens it', async () => {
  const now = new Date();
  await t.database.db.transaction((tx) => seedDemoBookings(tx, now));
  const id = await t.database.db.transaction((tx) => ensureDemoGuestAppointment(tx, now));
  expect(id).not.toBeNull();
  const [a] = await t.database.db.select().from(appointments).where(eq(appointments.id, id!));
  expect(a).toMatchObject({ type: 'group-video', status: 'booked', organisationId: await organisationId(t, 'espoo-demo') });
  expect(a!.startsAt.getTime() % (5 * 60_000)).toBe(0);
  expect(a!.startsAt.getTime()).toBeLessThanOrEqual(now.getTime());
  expect(a!.endsAt.getTime() - a!.startsAt.getTime()).toBe(120 * 60_000);
  const people = await t.database.db.select().from(appointmentParticipants).where(eq(appointmentParticipants.appointmentId, id!));
  expect(people.map((p) => [p.role, p.name]).sort()).toEqual([
    ['guest', DEMO_GUEST.name],
    ['patient', 'Matti Korhonen'],
  ]);
  expect(people.find((p) => p.role === 'guest')!.pinHash).not.toContain(DEMO_GUEST.pin);
  expect(await t.database.db.transaction((tx) => ensureDemoGuestAppointment(tx, new Date(now.getTime() + 60_000)))).toBe(id);

  expect(await okData<GuestCompany>(anonymousBrowser(t).fetch(`/api/guest/company-for-appointment/${id}`))).toHaveProperty(
    'organization_code',
  );
  await expectError(guestLogin(t, id!, { email: DEMO_GUEST.email, password: '135790' }), 401, 101);
  const { token } = await signInGuest(t, id!, DEMO_GUEST.email, DEMO_GUEST.pin);
  const { access_key } = await okData<AccessKey>(bearerClient(t.baseUrl, token).fetch(`/api/guest/access-key/${id}`));
  expect(access_key).toMatch(/^[0-9a-f-]{36}$/);

  // After it ends, the next start makes a new one.
  const later = new Date(a!.endsAt.getTime() + 60_000);
  const next = await t.database.db.transaction((tx) => ensureDemoGuestAppointment(tx, later));
  expect(next).not.toBe(id);
});
