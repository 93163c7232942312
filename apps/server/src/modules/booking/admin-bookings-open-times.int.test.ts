import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { localDateAt, localDateTimeAt, type AppointmentDetail } from '@prsp/contracts';
import { appointments, expertBreaks } from '../../db/schema';
import { AINO, SARA } from '../../test/person-codes';
import { postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import type { TestBrowser } from '../../test/http-client';
import { bookingExpert, daysAheadAt, openSlots, serviceIdOf } from './booking.steps';

let t: TestApp;
let espoo: string;
let admin: TestBrowser;
beforeAll(async () => {
  ({ t, espoo } = await startStaffTestApp());
  admin = await staffBrowser(t, { preset: 'booker' });
});
afterAll(() => t.close());

async function answer(res: Promise<Response>) {
  const r = await res;
  return { http: r.status, body: await r.json() };
}

const patient = (ssn: string, firstName: string, lastName: string) => ({
  ssn,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@test.example`,
  language: 'fi',
  nationality: 'FI',
});
/** The form's body for a time: the modal sends the picked slot's date and time along with its id. */
const at = (instant: Date) => {
  const { date, time } = localDateTimeAt(instant.getTime());
  return { date, startTime: time };
};
const slotRow = async (id: string) => (await t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0];
const openAt = (expertId: string, startsAt: Date) =>
  t.database.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.expertId, expertId), eq(appointments.startsAt, startsAt), eq(appointments.status, 'open')));

describe('open times in the way of an admin booking (issue 28, item 1)', () => {
  test('moving a booking into one of the day’s open times takes that slot; its old time opens again', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const oldStart = daysAheadAt(10, 9);
    const booked = await answer(
      postJson(admin, '/api/admin/bookings/create', {
        kind: 'oneOnOne',
        expertId: expert.id,
        ...at(oldStart),
        durationMinutes: 30,
        sendConfirmation: false,
        patient: patient(AINO, 'Aino', 'Virtanen'),
      }),
    );
    expect(booked).toMatchObject({ http: 200 });
    const id = (booked.body.data as AppointmentDetail).id;
    const newStart = daysAheadAt(11, 10);
    const [slot] = await openSlots(t, espoo, expert.id, [newStart]);

    const moved = await answer(
      postJson(admin, `/api/admin/bookings/${id}/update`, {
        kind: 'oneOnOne',
        timeslotId: slot,
        expertId: expert.id,
        ...at(newStart),
        durationMinutes: 30,
        sendConfirmation: false,
        patient: patient(AINO, 'Aino', 'Virtanen'),
      }),
    );
    expect(moved.http).toBe(200);
    expect(moved.body.data).toMatchObject({ id, status: 'booked', startTime: newStart.getTime(), patientName: 'Aino Virtanen' });
    expect(await slotRow(slot!)).toBeUndefined();
    expect(await openAt(expert.id, oldStart)).toHaveLength(1);
  });

  test('a group (or a booking) at another time over open times: 422 naming them, replaced when the admin confirms', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const host = await bookingExpert(t, espoo, 'nurse');
    const start = daysAheadAt(12, 13);
    const slots = await openSlots(t, espoo, expert.id, [start, daysAheadAt(12, 13, 30)]);
    const group = {
      kind: 'group',
      name: 'Selkäkoulu',
      expertId: expert.id,
      hostExpertId: host.id,
      ...at(start),
      durationMinutes: 60,
      sendConfirmation: false,
      patients: [patient(AINO, 'Aino', 'Virtanen'), patient(SARA, 'Sara', 'Lindholm')],
    };

    const asked = await answer(postJson(admin, '/api/admin/bookings/create', group));
    expect(asked.http).toBe(409);
    expect(asked.body).toMatchObject({ statusCode: 422 });
    expect(asked.body.openTimes).toEqual([
      { id: slots[0], startTime: start.getTime(), endTime: start.getTime() + 30 * 60_000 },
      { id: slots[1], startTime: start.getTime() + 30 * 60_000, endTime: start.getTime() + 60 * 60_000 },
    ]);
    expect(await slotRow(slots[0]!)).toBeDefined();

    const created = await answer(postJson(admin, '/api/admin/bookings/create', { ...group, replaceOpenTimes: true }));
    expect(created.http).toBe(200);
    expect(created.body.data).toMatchObject({ kind: 'group', status: 'booked', startTime: start.getTime(), duration: 60 });
    expect(await slotRow(slots[0]!)).toBeUndefined();
    expect(await slotRow(slots[1]!)).toBeUndefined();

    // A reserved appointment in the way is no question: plain 422, nothing to replace.
    const again = await answer(postJson(admin, '/api/admin/bookings/create', { ...group, replaceOpenTimes: true }));
    expect(again.http).toBe(409);
    expect(again.body.openTimes).toBeUndefined();
  });

  test('moving a booking to another time over an open time asks too', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const one = {
      kind: 'oneOnOne',
      expertId: expert.id,
      durationMinutes: 30,
      sendConfirmation: false,
      patient: patient(SARA, 'Sara', 'Lindholm'),
    };
    const booked = await answer(postJson(admin, '/api/admin/bookings/create', { ...one, ...at(daysAheadAt(14, 9)) }));
    const id = (booked.body.data as AppointmentDetail).id;
    const [slot] = await openSlots(t, espoo, expert.id, [daysAheadAt(14, 15)]);
    // 15:15 overlaps the 15:00 slot: asked, then replaced.
    const target = { ...one, ...at(daysAheadAt(14, 15, 15)) };
    const asked = await answer(postJson(admin, `/api/admin/bookings/${id}/update`, target));
    expect(asked.body).toMatchObject({ statusCode: 422, openTimes: [{ id: slot }] });
    const moved = await answer(postJson(admin, `/api/admin/bookings/${id}/update`, { ...target, replaceOpenTimes: true }));
    expect(moved.http).toBe(200);
    expect(await slotRow(slot!)).toBeUndefined();
    expect(localDateAt(new Date((moved.body.data as AppointmentDetail).startTime))).toBe(localDateAt(daysAheadAt(14, 15)));
  });
});

describe('the open-times preview shows its conflicts (issue 28)', () => {
  test('each slot of the plan that overlaps something is listed with what stands there', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const day = localDateAt(daysAheadAt(30, 8));
    await openSlots(t, espoo, expert.id, [daysAheadAt(30, 8)]);
    await t.database.db.insert(appointments).values({
      organisationId: espoo,
      expertId: expert.id,
      name: 'Ritva Varaaja',
      startsAt: daysAheadAt(30, 8, 30),
      endsAt: daysAheadAt(30, 9),
      type: 'oneOnOne',
      status: 'booked',
    });
    await t.database.db
      .insert(expertBreaks)
      .values({ organisationId: espoo, expertId: expert.id, startsAt: daysAheadAt(30, 9, 30), endsAt: daysAheadAt(30, 9, 45) });
    const plan = {
      expertIds: [expert.id],
      from: day,
      to: day,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      dayStart: '08:00',
      dayEnd: '10:00',
      slotMinutes: 30,
      breaks: [],
      serviceId: await serviceIdOf(t, espoo, 'nurse'),
    };
    const preview = await answer(postJson(admin, '/api/admin/bookings/timeslots/preview', plan));
    expect(preview.http).toBe(200);
    expect(preview.body.data.conflicts).toBe(3);
    expect(preview.body.data.slots.map((s: { startTime: number }) => s.startTime)).toEqual([daysAheadAt(30, 9).getTime()]);
    expect(preview.body.data.conflictingSlots).toEqual([
      expect.objectContaining({ expertId: expert.id, startTime: daysAheadAt(30, 8).getTime(), reason: 'open' }),
      expect.objectContaining({ startTime: daysAheadAt(30, 8, 30).getTime(), reason: 'reserved' }),
      expect.objectContaining({ startTime: daysAheadAt(30, 9, 30).getTime(), endTime: daysAheadAt(30, 10).getTime(), reason: 'break' }),
    ]);
  });
});
