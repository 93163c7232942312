import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  atLocalTime,
  localDateAt,
  localDateTimeAt,
  NO_RIGHTS,
  type AppointmentDetail,
  type CalendarWeek,
  type MoveInput,
  type MoveResult,
} from '@prsp/contracts';
import { appointmentParticipants, appointments, auditLog, expertBreaks, outboxEmails, staffUsers } from '../../db/schema';
import { AINO, SARA } from '../../test/person-codes';
import { postJson, staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import type { TestBrowser } from '../../test/http-client';
import { bookingExpert, daysAheadAt, openSlots } from './booking.steps';

let t: TestApp;
let espoo: string;
let kaarina: string;
let admin: TestBrowser;
beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  admin = await staffBrowser(t, { preset: 'booker' });
});
afterAll(() => t.close());

async function answer(res: Promise<Response>) {
  const r = await res;
  return { http: r.status, body: await r.json() };
}
const db = () => t.database.db;
const rowOf = async (id: string) => (await db().select().from(appointments).where(eq(appointments.id, id)))[0];
const openAt = (expertId: string, startsAt: Date) =>
  db()
    .select()
    .from(appointments)
    .where(and(eq(appointments.expertId, expertId), eq(appointments.startsAt, startsAt), eq(appointments.status, 'open')));
const at = (instant: Date) => {
  const { date, time } = localDateTimeAt(instant.getTime());
  return { date, startTime: time };
};

/** Every SEQUENCE of the calendar invitations queued to `address`, oldest first. */
async function sequencesTo(address: string): Promise<number[]> {
  const mails = await db().select().from(outboxEmails).where(eq(outboxEmails.toAddress, address)).orderBy(outboxEmails.createdAt);
  return mails.flatMap((m) =>
    (m.attachments ?? [])
      .filter((a) => a.contentType.startsWith('text/calendar'))
      .map((a) => Number(/SEQUENCE:(\d+)/.exec(Buffer.from(a.contentBase64, 'base64').toString('utf8'))![1])),
  );
}

async function book(expertId: string, startsAt: Date, email: string, ssn = AINO): Promise<AppointmentDetail> {
  const res = await answer(
    postJson(admin, '/api/admin/bookings/create', {
      kind: 'oneOnOne',
      expertId,
      ...at(startsAt),
      durationMinutes: 30,
      sendConfirmation: true,
      patient: { ssn, firstName: 'Aino', lastName: 'Virtanen', email, language: 'fi', nationality: 'FI' },
    }),
  );
  expect(res.http).toBe(200);
  return res.body.data as AppointmentDetail;
}
const move = (id: string, body: MoveInput) => answer(postJson(admin, `/api/admin/bookings/${id}/move`, body));

describe('the admins’ calendar: moving a booking (issue 33)', () => {
  test('into another open time: they swap, one update e-mail with a higher SEQUENCE, audited; the undo puts it back', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const email = `move-${Date.now()}@test.example`;
    const oldStart = daysAheadAt(10, 9);
    const booked = await book(expert.id, oldStart, email);
    const participantsBefore = await db()
      .select()
      .from(appointmentParticipants)
      .where(eq(appointmentParticipants.appointmentId, booked.id));
    const invited = await sequencesTo(email);
    expect(invited).toHaveLength(1);
    const expertInvited = await sequencesTo(expert.email);
    const newStart = daysAheadAt(11, 10);
    const [slot] = await openSlots(t, espoo, expert.id, [newStart]);

    const moved = await move(booked.id, { timeslotId: slot! });
    expect(moved.http).toBe(200);
    const result = moved.body.data as MoveResult;
    expect(result.appointment).toMatchObject({ id: booked.id, status: 'booked', startTime: newStart.getTime(), people: ['Aino Virtanen'] });
    expect(await rowOf(slot!)).toBeUndefined();
    const [reopened] = await openAt(expert.id, oldStart);
    expect(result.undo).toEqual({ timeslotId: reopened!.id });
    // The people were not rewritten: the same rows (a guest's sign-in names its row).
    const participantsAfter = await db().select().from(appointmentParticipants).where(eq(appointmentParticipants.appointmentId, booked.id));
    expect(participantsAfter.map((p) => p.id)).toEqual(participantsBefore.map((p) => p.id));
    // Exactly one update to the patient, its invitation's SEQUENCE above the first one's.
    const afterMove = await sequencesTo(email);
    expect(afterMove).toHaveLength(2);
    expect(afterMove[1]!).toBeGreaterThan(afterMove[0]!);
    // The expert too: one more invitation, with a higher SEQUENCE.
    const expertAfter = await sequencesTo(expert.email);
    expect(expertAfter).toHaveLength(expertInvited.length + 1);
    expect(expertAfter.at(-1)!).toBeGreaterThan(Math.max(0, ...expertInvited));
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appointment.move'), eq(auditLog.objectId, booked.id)));
    expect(audits).toHaveLength(1);

    const undone = await move(booked.id, result.undo);
    expect(undone.http).toBe(200);
    expect((undone.body.data as MoveResult).appointment.startTime).toBe(oldStart.getTime());
    expect(await rowOf(reopened!.id)).toBeUndefined();
    expect(await openAt(expert.id, newStart)).toHaveLength(1);
    expect((await sequencesTo(email)).at(-1)!).toBeGreaterThan(afterMove[1]!);
  });

  test('to a free time of another expert: the length stays; the undo is the old expert and time', async () => {
    const first = await bookingExpert(t, espoo, 'physiotherapist');
    const second = await bookingExpert(t, espoo, 'physiotherapist');
    await db().update(staffUsers).set({ lastName: 'Toinen' }).where(eq(staffUsers.id, second.userId));
    const oldStart = daysAheadAt(12, 13, 15);
    const booked = await book(first.id, oldStart, `free-${Date.now()}@test.example`);
    const target = daysAheadAt(13, 8, 45);
    const moved = await move(booked.id, { expertId: second.id, ...at(target) });
    expect(moved.http).toBe(200);
    const result = moved.body.data as MoveResult;
    expect(result.appointment).toMatchObject({ startTime: target.getTime(), endTime: target.getTime() + 30 * 60_000 });
    expect(result.appointment.expert.id).toBe(second.id);
    // Booked without a title, it was named after its expert: it takes the new expert's name, which the e-mails show.
    expect(booked.name).toBe('Ritva Varaaja');
    expect(result.appointment.name).toBe('Ritva Toinen');
    expect(result.undo).toEqual({ expertId: first.id, ...at(oldStart) });
    // Not taken from an open time: nothing opens where it was.
    expect(await openAt(first.id, oldStart)).toHaveLength(0);

    expect((await move(booked.id, result.undo)).http).toBe(200);
    expect(await rowOf(booked.id)).toMatchObject({ expertId: first.id, startsAt: oldStart, name: 'Ritva Varaaja' });
  });

  test('a group hosted by its expert, moved to another expert, is hosted by the new one; a group with a host of its own keeps it', async () => {
    const first = await bookingExpert(t, espoo, 'physiotherapist');
    const second = await bookingExpert(t, espoo, 'physiotherapist');
    const third = await bookingExpert(t, espoo, 'physiotherapist');
    const group = async (hostExpertId: string, startsAt: Date, email: string) => {
      const made = await answer(
        postJson(admin, '/api/admin/bookings/create', {
          kind: 'group',
          expertId: first.id,
          hostExpertId,
          ...at(startsAt),
          durationMinutes: 30,
          sendConfirmation: false,
          guests: [{ name: 'Vieras Henkilö', email, language: 'fi' }],
        }),
      );
      expect(made.http).toBe(200);
      return made.body.data as AppointmentDetail;
    };
    const selfHosted = await group(first.id, daysAheadAt(40, 9), `host-${Date.now()}@test.example`);
    const [slot] = await openSlots(t, espoo, second.id, [daysAheadAt(41, 9)]);
    expect((await move(selfHosted.id, { timeslotId: slot! })).http).toBe(200);
    // null: the appointment's expert hosts. The old expert left it, so it cannot stay its host.
    expect(await rowOf(selfHosted.id)).toMatchObject({ expertId: second.id, hostExpertId: null });

    const hosted = await group(third.id, daysAheadAt(40, 11), `hosted-${Date.now()}@test.example`);
    expect((await move(hosted.id, { expertId: second.id, ...at(daysAheadAt(41, 11)) })).http).toBe(200);
    expect(await rowOf(hosted.id)).toMatchObject({ expertId: second.id, hostExpertId: third.id });
  });

  test('open times in the way are named in a 422 and replaced once confirmed; a break or a booking in the way is a 422', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const booked = await book(expert.id, daysAheadAt(14, 9), `way-${Date.now()}@test.example`);
    const target = daysAheadAt(15, 10);
    const [inTheWay] = await openSlots(t, espoo, expert.id, [daysAheadAt(15, 10, 15)]);

    const asked = await move(booked.id, { expertId: expert.id, ...at(target) });
    expect(asked.body.statusCode).toBe(422);
    expect(asked.body.openTimes).toEqual([expect.objectContaining({ id: inTheWay })]);
    expect(await rowOf(booked.id)).toMatchObject({ startsAt: daysAheadAt(14, 9) });

    const confirmed = await move(booked.id, { expertId: expert.id, ...at(target), replaceOpenTimes: true });
    expect(confirmed.http).toBe(200);
    expect(await rowOf(inTheWay!)).toBeUndefined();

    await db()
      .insert(expertBreaks)
      .values({ organisationId: espoo, expertId: expert.id, startsAt: daysAheadAt(16, 12), endsAt: daysAheadAt(16, 13) });
    const onBreak = await move(booked.id, { expertId: expert.id, ...at(daysAheadAt(16, 12, 15)) });
    expect(onBreak.body.statusCode).toBe(422);
    expect(onBreak.body.openTimes).toBeUndefined();

    const other = await book(expert.id, daysAheadAt(17, 9), `other-${Date.now()}@test.example`, SARA);
    expect((await move(booked.id, { expertId: expert.id, ...at(daysAheadAt(17, 9, 15)) })).body.statusCode).toBe(422);
    expect(await rowOf(other.id)).toMatchObject({ startsAt: daysAheadAt(17, 9) });
    expect(await rowOf(booked.id)).toMatchObject({ startsAt: target });
  });

  test('another organisation’s appointment is 404, a settled visit 423, an open time 403, a view-only admin 403, a bad body 400', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const foreignExpert = await bookingExpert(t, kaarina, 'physiotherapist');
    const base = { name: 'Vastaanotto', type: 'oneOnOne' as const, status: 'booked' as const, bookedAt: new Date() };
    const [foreign] = await db()
      .insert(appointments)
      .values({
        ...base,
        organisationId: kaarina,
        expertId: foreignExpert.id,
        startsAt: daysAheadAt(20, 9),
        endsAt: daysAheadAt(20, 9, 30),
      })
      .returning();
    const past = new Date(Date.now() - 3 * 3600_000);
    const [settled] = await db()
      .insert(appointments)
      .values({ ...base, organisationId: espoo, expertId: expert.id, startsAt: past, endsAt: new Date(past.getTime() + 30 * 60_000) })
      .returning();
    const [slot] = await openSlots(t, espoo, expert.id, [daysAheadAt(21, 9)]);
    const target = { expertId: expert.id, ...at(daysAheadAt(22, 9)) };

    expect((await move(foreign!.id, target)).http).toBe(404);
    expect((await move(settled!.id, target)).body.statusCode).toBe(423);
    expect((await move(slot!, target)).http).toBe(403);
    // Into another organisation's open time: no such time here.
    const booked = await book(expert.id, daysAheadAt(23, 9), `refused-${Date.now()}@test.example`);
    const [foreignSlot] = await openSlots(t, kaarina, foreignExpert.id, [daysAheadAt(24, 9)]);
    expect((await move(booked.id, { timeslotId: foreignSlot! })).http).toBe(400);
    expect((await move(booked.id, { expertId: foreignExpert.id, ...at(daysAheadAt(24, 10)) })).http).toBe(400);
    expect((await move(booked.id, { expertId: expert.id, date: '2030-02-30', startTime: '10:00' })).http).toBe(400);

    const viewer = await staffBrowser(t, { preset: 'custom', rights: { ...NO_RIGHTS, bookings: { view: true, edit: false } } });
    expect((await postJson(viewer, `/api/admin/bookings/${booked.id}/move`, target)).status).toBe(403);
    expect((await viewer.fetch(`/api/admin/bookings/calendar?from=${localDateAt(new Date())}`)).status).toBe(200);
    expect(await rowOf(booked.id)).toMatchObject({ startsAt: daysAheadAt(23, 9) });
  });
});

describe('the admins’ calendar: the week (issue 33)', () => {
  test('open times, bookings and groups with everyone’s names and the breaks, by expert; cancelled ones left out; a week at most', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const host = await bookingExpert(t, espoo, 'physiotherapist');
    const day = localDateAt(daysAheadAt(30, 12));
    const booked = await book(expert.id, daysAheadAt(30, 9), `week-${Date.now()}@test.example`);
    const [open] = await openSlots(t, espoo, expert.id, [daysAheadAt(31, 9)]);
    const group = await answer(
      postJson(admin, '/api/admin/bookings/create', {
        kind: 'group',
        expertId: expert.id,
        hostExpertId: host.id,
        ...at(daysAheadAt(32, 14)),
        durationMinutes: 60,
        sendConfirmation: false,
        patients: [{ ssn: SARA, firstName: 'Sara', lastName: 'Testi', email: 'sara@test.example', language: 'fi', nationality: 'FI' }],
        guests: [{ name: 'Vieras Henkilö', email: 'vieras@test.example', language: 'fi' }],
      }),
    );
    expect(group.http).toBe(200);
    const cancelled = await book(expert.id, daysAheadAt(33, 9), `gone-${Date.now()}@test.example`, SARA);
    expect((await postJson(admin, `/api/admin/bookings/${cancelled.id}/cancel`, {})).status).toBe(200);
    await db()
      .insert(expertBreaks)
      .values({ organisationId: espoo, expertId: expert.id, startsAt: daysAheadAt(31, 12), endsAt: daysAheadAt(31, 12, 30) });

    const week = await answer(admin.fetch(`/api/admin/bookings/calendar?from=${day}&expertId=${expert.id}`));
    expect(week.http).toBe(200);
    const data = week.body.data as CalendarWeek;
    expect(data).toMatchObject({ from: day, days: 7 });
    expect(data.appointments.map((a) => a.id)).toEqual([booked.id, open, group.body.data.id]);
    expect(data.appointments[0]).toMatchObject({ kind: 'oneOnOne', status: 'booked', video: false, people: ['Aino Virtanen'] });
    expect(data.appointments[1]).toMatchObject({ status: 'open', people: [] });
    expect(data.appointments[2]).toMatchObject({ kind: 'group', people: ['Sara Testi', 'Vieras Henkilö'] });
    expect(data.breaks).toEqual([expect.objectContaining({ expertId: expert.id, startTime: daysAheadAt(31, 12).getTime() })]);
    // Reading it named the patients shown in the audit log.
    const reads = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appointment.list'), gt(auditLog.at, new Date(Date.now() - 60_000))))
      .orderBy(desc(auditLog.id));
    expect(reads.map((r) => r.objectId)).toEqual(expect.arrayContaining([booked.id, group.body.data.id]));

    const oneDay = (await answer(admin.fetch(`/api/admin/bookings/calendar?from=${day}&days=1&expertId=${expert.id}`))).body
      .data as CalendarWeek;
    expect(oneDay.appointments.map((a) => a.id)).toEqual([booked.id]);
    expect((await admin.fetch(`/api/admin/bookings/calendar?from=${day}&days=8`)).status).toBe(400);
    expect((await admin.fetch(`/api/admin/bookings/calendar?days=1`)).status).toBe(400);
  });

  test('a week over a daylight-saving change holds whole Helsinki days: from Monday 00.00 to Sunday 24.00, 25 hours on the last day', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    // Sunday 25 October 2026 has 25 hours (04.00 summer time is 03.00 winter time).
    const [early, repeated, late, nextDay, before] = await openSlots(t, espoo, expert.id, [
      atLocalTime('2026-10-19', 0, 0),
      new Date(Date.UTC(2026, 9, 25, 1, 15)), // 03.15 winter time, the repeated hour's second pass
      atLocalTime('2026-10-25', 23, 30),
      atLocalTime('2026-10-26', 0, 0),
      atLocalTime('2026-10-18', 23, 30),
    ]);
    const week = (await answer(admin.fetch(`/api/admin/bookings/calendar?from=2026-10-19&expertId=${expert.id}`))).body
      .data as CalendarWeek;
    expect(week.appointments.map((a) => a.id)).toEqual([early, repeated, late]);
    expect(week.appointments.map((a) => a.id)).not.toContain(nextDay);
    expect(week.appointments.map((a) => a.id)).not.toContain(before);
  });

  test('an appointment that starts before the days asked for and runs into them is shown in them (the test above: one that ends at their start is not)', async () => {
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    // Sunday 7 February 2027 23.30 to Monday 00.30.
    const [overMidnight, monday] = await openSlots(
      t,
      espoo,
      expert.id,
      [atLocalTime('2027-02-07', 23, 30), atLocalTime('2027-02-08', 9, 0)],
      60,
    );
    const shown = async (query: string) => {
      const res = await answer(admin.fetch(`/api/admin/bookings/calendar?${query}&expertId=${expert.id}`));
      return (res.body.data as CalendarWeek).appointments.map((a) => a.id);
    };
    expect(await shown('from=2027-02-08')).toEqual([overMidnight, monday]);
    expect(await shown('from=2027-02-08&days=1')).toEqual([overMidnight, monday]);
    expect(await shown('from=2027-02-07&days=1')).toEqual([overMidnight]);
  });
});
