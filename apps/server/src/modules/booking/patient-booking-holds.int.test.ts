import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { appointmentParticipants, appointments, bookingHolds } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { withCsrfCookie } from '../../test/staff-accounts';
import { expectError, okData, patientTestApp, postJson } from '../patients/patient.steps';
import { bookingExpert, daysAheadAt, onboardedPatients, onboardedPatientSessions, openSlots } from './booking.steps';

const ctx = patientTestApp();

const answers = { questionnaireAnswers: [{ id: 'reason', question: 'client copy', answer: 'Kilpa' }] };

async function statusCodes(answers: Response[]): Promise<number[]> {
  return Promise.all(answers.map(async (r) => (await r.json()).statusCode as number));
}

async function holdsOn(ids: string[]) {
  return ctx.db.select().from(bookingHolds).where(inArray(bookingHolds.appointmentId, ids));
}

/** Onboarded patients signed in, each with their patient id. */
async function patients(n: number): Promise<{ browser: TestBrowser; id: string }[]> {
  const sessions = await onboardedPatientSessions(ctx.t, ctx.espoo.id, n);
  return sessions.map(({ id, token }) => {
    const browser = new TestBrowser(ctx.t.baseUrl);
    browser.setCookie('prsp_session', token);
    return { browser: withCsrfCookie(browser), id };
  });
}

/** The lock is one statement (slot-hold.repo.ts): these are the rules it must keep, alone and under concurrency. */
describe('patient holds (spec §4: one slot held at a time, 15 minutes)', () => {
  test('a refused lock changes nothing: the patient keeps the slot they held', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const [mine, theirs] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [daysAheadAt(4, 9), daysAheadAt(4, 10)]);
    const [me, other] = await patients(2);
    await okData(postJson(me!.browser, `/api/services/lock/${mine}`));
    await okData(postJson(other!.browser, `/api/services/lock/${theirs}`));

    await expectError(postJson(me!.browser, `/api/services/lock/${theirs}`), 409, 422);
    const held = new Map((await holdsOn([mine!, theirs!])).map((h) => [h.appointmentId, h.patientId]));
    expect(held).toEqual(
      new Map([
        [mine!, me!.id],
        [theirs!, other!.id],
      ]),
    );
  });

  test('refusals leave the patient’s hold alone too: a booked slot, a started one, another organisation’s', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const [mine, booked, started] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [
      daysAheadAt(4, 11),
      daysAheadAt(4, 12),
      new Date(Date.now() - 60_000),
    ]);
    await ctx.db.update(appointments).set({ status: 'selfBooked' }).where(eq(appointments.id, booked!));
    const [me] = await onboardedPatients(ctx.t, ctx.espoo.id, 1);
    await okData(postJson(me!, `/api/services/lock/${mine}`));

    await expectError(postJson(me!, `/api/services/lock/${booked}`), 409, 422);
    await expectError(postJson(me!, `/api/services/lock/${started}`), 400, 423);
    await expectError(postJson(me!, `/api/services/lock/00000000-0000-4000-8000-000000000000`), 404, 404);
    expect((await holdsOn([mine!, booked!, started!])).map((h) => h.appointmentId)).toEqual([mine]);
  });

  test('book: another’s live hold refuses and stays; a run-out one goes with the booking; the participant is the patient', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const [slot] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [daysAheadAt(5, 14)]);
    const [me, other] = await patients(2);
    await okData(postJson(other!.browser, `/api/services/lock/${slot}`));

    await expectError(postJson(me!.browser, `/api/services/book/${slot}`, answers), 409, 422);
    expect((await holdsOn([slot!])).map((h) => h.patientId)).toEqual([other!.id]);
    expect(await ctx.db.select().from(appointmentParticipants).where(eq(appointmentParticipants.appointmentId, slot!))).toEqual([]);

    await ctx.db
      .update(bookingHolds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookingHolds.appointmentId, slot!));
    await okData(postJson(me!.browser, `/api/services/book/${slot}`, answers));
    expect(await holdsOn([slot!])).toEqual([]);
    const [row] = await ctx.db.select().from(appointments).where(eq(appointments.id, slot!));
    expect(row).toMatchObject({
      status: 'selfBooked',
      preQuestionnaire: [{ id: 'reason', question: 'Mikä on käyntisi syy?', answer: 'Kilpa' }],
    });
    const people = await ctx.db.select().from(appointmentParticipants).where(eq(appointmentParticipants.appointmentId, slot!));
    expect(people).toEqual([
      expect.objectContaining({
        role: 'patient',
        patientId: me!.id,
        name: expect.stringMatching(/^Potilas\d+ Kilpa$/),
        firstName: expect.stringMatching(/^Potilas\d+$/),
        lastName: 'Kilpa',
        email: expect.stringMatching(/^potilas\d+@test\.example$/),
        mobile: '+358401234567',
        nationality: 'fi',
        language: 'fi',
      }),
    ]);
  });

  test('race: 20 patients who each hold a slot lock one more at once — one wins and lets go of its own, the others keep theirs', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const others = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const [contested] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [daysAheadAt(6, 8)]);
    const own = await openSlots(
      ctx.t,
      ctx.espoo.id,
      others.id,
      Array.from({ length: 20 }, (_, i) => daysAheadAt(6, 9, i * 30)),
      30,
    );
    const people = await patients(20);
    for (const [i, p] of people.entries()) await okData(postJson(p.browser, `/api/services/lock/${own[i]}`));

    const codes = await statusCodes(await Promise.all(people.map((p) => postJson(p.browser, `/api/services/lock/${contested}`))));
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(19);
    const winner = codes.indexOf(200);
    const held = new Map((await holdsOn([contested!, ...own])).map((h) => [h.appointmentId, h.patientId]));
    expect(held.get(contested!)).toBe(people[winner]!.id);
    expect(held.has(own[winner]!)).toBe(false);
    for (const [i, slot] of own.entries()) if (i !== winner) expect(held.get(slot)).toBe(people[i]!.id);
  });

  test('race: one patient locks five slots at once — they end up holding exactly one, one they were answered 200 for', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const slots = await openSlots(
      ctx.t,
      ctx.espoo.id,
      expert.id,
      Array.from({ length: 5 }, (_, i) => daysAheadAt(8, 9 + i)),
    );
    const [me] = await onboardedPatients(ctx.t, ctx.espoo.id, 1);
    const codes = await statusCodes(await Promise.all(slots.map((s) => postJson(me!, `/api/services/lock/${s}`))));
    expect(codes.every((c) => c === 200 || c === 422)).toBe(true);
    const held = await holdsOn(slots);
    expect(held).toHaveLength(1);
    expect(codes[slots.indexOf(held[0]!.appointmentId)]).toBe(200);
  });

  test("a slot someone else holds is refused without waiting for the slot's row lock (a lock is a write the commit flushes)", async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const [slot] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [daysAheadAt(4, 13)]);
    const [holder, other] = await patients(2);
    await okData(postJson(holder!.browser, `/api/services/lock/${slot}`));
    if (ctx.t.database.kind !== 'postgres') {
      // PGlite is one connection: nothing else can hold the row meanwhile; the refusal itself is what is left to check.
      await expectError(postJson(other!.browser, `/api/services/lock/${slot}`), 409, 422);
      return;
    }
    // A transaction on another pooled connection holds the slot's row lock (as a booking or a cancellation does) until
    // the refusal has come.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select id from appointments where id = ${slot} for update`);
      await expectError(postJson(other!.browser, `/api/services/lock/${slot}`), 409, 422);
    });
    expect((await holdsOn([slot!])).map((h) => h.patientId)).toEqual([holder!.id]);
  });

  test('race: the holder books while 10 others lock the same slot — booked, and no hold left on it', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    for (let round = 0; round < 3; round++) {
      const [slot] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [daysAheadAt(9, 9 + round)]);
      const [holder, ...rest] = await onboardedPatients(ctx.t, ctx.espoo.id, 11);
      await okData(postJson(holder!, `/api/services/lock/${slot}`));
      const [booking, ...locks] = await Promise.all([
        postJson(holder!, `/api/services/book/${slot}`, answers),
        ...rest.map((b) => postJson(b, `/api/services/lock/${slot}`)),
      ]);
      expect(booking!.status).toBe(200);
      expect(await statusCodes(locks)).toEqual(rest.map(() => 422));
      const [row] = await ctx.db.select().from(appointments).where(eq(appointments.id, slot!));
      expect(row!.status).toBe('selfBooked');
      expect(await holdsOn([slot!])).toEqual([]);
    }
  });
});
