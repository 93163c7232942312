import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { z } from 'zod/mini';
import { ZOpenAppointment, type LockResult, type PatientAppointment, type ServicesResponse } from '@prsp/contracts';
import { appointmentParticipants, appointments, bookingHolds } from '../../db/schema';
import { AINO, ELIAS, HELMI, MATTI, SARA } from '../../test/person-codes';
import { fieldKeys, staffBrowser } from '../../test/staff-accounts';
import { expectError, okData, onboard, patientTestApp, postJson } from '../patients/patient.steps';
import { bookingExpert, daysAheadAt, minutesFromNow, onboardedPatients, openSlots } from './booking.steps';

const ctx = patientTestApp();
const DAY = 24 * 60;

const answers = (reason: string) => ({
  questionnaireAnswers: [
    { id: 'reason', question: 'client copy', answer: reason },
    { id: 'other', question: 'client copy', answer: '' },
  ],
});

async function search(browser: Awaited<ReturnType<typeof ctx.signedIn>>, day: Date, specialization: string) {
  // The route sends the JSON the database wrote: the contract is checked here.
  return z.array(ZOpenAppointment).parse(await okData(browser.fetch(`/api/services/open/${day.getTime()}/${specialization}`)));
}

describe('patient booking (spec §4 Booking flow, §7)', () => {
  test('search, lock, the pre-questionnaire, book; the booking shows in the appointments; another patient is refused', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const [first, second] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [daysAheadAt(3, 10), daysAheadAt(3, 10, 30)]);
    const aino = await ctx.signedIn(AINO);
    await onboard(aino, ctx.espoo.id);
    const helmi = await ctx.signedIn(HELMI);
    await onboard(helmi, ctx.espoo.id);

    const found = await search(aino, daysAheadAt(3, 10), 'psychologist');
    expect(found.map((s) => s.uuid)).toEqual([first, second]);
    expect(found[0]).toEqual({
      uuid: first,
      name: 'Ritva Varaaja',
      startTime: daysAheadAt(3, 10).getTime(),
      duration: 30,
      preQuestionnaire: true,
      kind: 'chat',
    });
    // Nothing of another specialization.
    expect((await search(aino, daysAheadAt(3, 10), 'paediatrician')).map((s) => s.uuid)).not.toContain(first);

    expect(await okData<LockResult>(postJson(aino, `/api/services/lock/${first}`))).toEqual({ appointmentLockTime: 15 });
    // Held: hidden from others, still shown to the holder, and not lockable by anyone else.
    expect((await search(helmi, daysAheadAt(3, 10), 'psychologist')).map((s) => s.uuid)).toEqual([second]);
    expect((await search(aino, daysAheadAt(3, 10), 'psychologist')).map((s) => s.uuid)).toEqual([first, second]);
    await expectError(postJson(helmi, `/api/services/lock/${first}`), 409, 422);
    await expectError(postJson(helmi, `/api/services/book/${first}`, answers('x')), 409, 422);

    // A mandatory question left empty is a field error.
    const missing = await postJson(aino, `/api/services/book/${first}`, answers('  '));
    expect(missing.status).toBe(400);
    expect(fieldKeys(await missing.json())).toMatchObject({
      questionnaireAnswers: 'fields.answerRequired',
      'questionnaireAnswers.0': 'fields.answerRequired',
    });

    const booked = await okData<PatientAppointment>(postJson(aino, `/api/services/book/${first}`, answers('Selkäkipu')));
    expect(booked).toMatchObject({ uuid: first, type: 'oneOnOne', kind: 'chat', duration: 30 });
    // The question is stored as the organisation asks it, not as the client sent it; empty optional answers are left out.
    expect(booked.preQuestionnaire).toEqual([{ id: 'reason', question: 'Mikä on käyntisi syy?', answer: 'Selkäkipu' }]);
    const services = await okData<ServicesResponse>(aino.fetch('/api/services'));
    expect(services.appointments.map((a) => a.uuid)).toContain(first);
    expect((await okData<ServicesResponse>(helmi.fetch('/api/services'))).appointments.map((a) => a.uuid)).not.toContain(first);
    expect(await ctx.db.select().from(bookingHolds).where(eq(bookingHolds.appointmentId, first!))).toEqual([]);
    const [row] = await ctx.db.select().from(appointments).where(eq(appointments.id, first!));
    expect(row!.status).toBe('selfBooked');
    const people = await ctx.db.select().from(appointmentParticipants).where(eq(appointmentParticipants.appointmentId, first!));
    expect(people).toEqual([expect.objectContaining({ role: 'patient', patientId: await ctx.patientIdOf(AINO), language: 'fi' })]);

    // Booked: gone from the search, and a second booking or lock is refused.
    expect((await search(helmi, daysAheadAt(3, 10), 'psychologist')).map((s) => s.uuid)).toEqual([second]);
    await expectError(postJson(helmi, `/api/services/lock/${first}`), 409, 422);
    await expectError(postJson(aino, `/api/services/book/${first}`, answers('again')), 409, 422);
  });

  test('one free time per start: experts free at the same time make one entry; a hold passes the time to the next expert', async () => {
    const start = minutesFromNow(8 * DAY);
    const slots = [];
    for (let i = 0; i < 3; i++) {
      const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'paediatrician');
      slots.push(...(await openSlots(ctx.t, ctx.espoo.id, expert.id, [start])));
    }
    const [a, b] = await onboardedPatients(ctx.t, ctx.espoo.id, 2);
    const seenByA = await search(a!, start, 'paediatrician');
    expect(seenByA).toHaveLength(1);
    expect(slots).toContain(seenByA[0]!.uuid);
    await okData(postJson(a!, `/api/services/lock/${seenByA[0]!.uuid}`));
    // The time stays on offer for others while free experts remain, through another expert's slot.
    const seenByB = await search(b!, start, 'paediatrician');
    expect(seenByB).toHaveLength(1);
    expect(seenByB[0]!.uuid).not.toBe(seenByA[0]!.uuid);
    expect(seenByB[0]!.startTime).toBe(start.getTime());
  });

  test("the expert offered for a time is each patient's own and stays so; patients are spread over the experts free then", async () => {
    const start = minutesFromNow(9 * DAY);
    const slots: string[] = [];
    for (let i = 0; i < 3; i++) {
      const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'paediatrician');
      slots.push(...(await openSlots(ctx.t, ctx.espoo.id, expert.id, [start])));
    }
    const patients = await onboardedPatients(ctx.t, ctx.espoo.id, 12);
    const offered = [];
    for (const p of patients) {
      const [first] = await search(p, start, 'paediatrician');
      const [again] = await search(p, start, 'paediatrician');
      expect(again!.uuid).toBe(first!.uuid);
      offered.push(first!.uuid);
    }
    expect(slots).toEqual(expect.arrayContaining(offered));
    // Twelve patients all sent to one of three experts would be a chance of 1 in 177,147.
    expect(new Set(offered).size).toBeGreaterThan(1);
  });

  test('a patient holds one slot at a time; unlock lets go; an expired hold is anyone’s and the sweep removes it', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const [a, b] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [daysAheadAt(5, 10), daysAheadAt(5, 11)]);
    const sara = await ctx.signedIn(SARA);
    await onboard(sara, ctx.espoo.id);
    const [other] = await onboardedPatients(ctx.t, ctx.espoo.id, 1);
    await okData(postJson(sara, `/api/services/lock/${a}`));
    await okData(postJson(sara, `/api/services/lock/${b}`));
    const holds = await ctx.db
      .select()
      .from(bookingHolds)
      .where(eq(bookingHolds.patientId, await ctx.patientIdOf(SARA)));
    expect(holds.map((h) => h.appointmentId)).toEqual([b]);
    await okData(postJson(other!, `/api/services/lock/${a}`));

    await okData(postJson(sara, `/api/services/unlock/${b}`));
    await okData(postJson(sara, `/api/services/unlock/${b}`)); // nothing to let go is fine
    await okData(postJson(other!, `/api/services/lock/${b}`));

    // The other patient walks away: after 15 minutes the hold is gone for everyone, even before the sweep runs.
    await ctx.db
      .update(bookingHolds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookingHolds.appointmentId, b!));
    await okData(postJson(sara, `/api/services/lock/${b}`));
    await ctx.db
      .update(bookingHolds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookingHolds.appointmentId, b!));
    const run = await ctx.t.app.jobs.runOnce({ kinds: ['booking.holds.expire'] });
    expect(run.failed).toBe(0);
    expect(await ctx.db.select().from(bookingHolds).where(eq(bookingHolds.appointmentId, b!))).toEqual([]);
  });

  test('cancel: own one-to-one only, at least 1440 minutes ahead; the time opens again', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const [far, near] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [minutesFromNow(2 * DAY), minutesFromNow(DAY - 30)]);
    const matti = await ctx.signedIn(MATTI);
    await onboard(matti, ctx.espoo.id);
    const helmi = await ctx.signedIn(HELMI);
    await onboard(helmi, ctx.espoo.id);
    for (const id of [far, near]) await okData(postJson(matti, `/api/services/book/${id}`, answers('Flunssa')));

    await expectError(postJson(helmi, `/api/services/cancel/${far}`), 404, 404);
    await expectError(postJson(matti, `/api/services/cancel/${near}`), 403, 403);
    await okData(postJson(matti, `/api/services/cancel/${far}`));
    await expectError(postJson(matti, `/api/services/cancel/${far}`), 404, 404);
    const [cancelled] = await ctx.db.select().from(appointments).where(eq(appointments.id, far!));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: 'patient' });
    const again = await search(helmi, minutesFromNow(2 * DAY), 'psychologist');
    expect(again.map((s) => s.startTime)).toContain(minutesFromNow(2 * DAY).getTime());
    expect((await okData<ServicesResponse>(matti.fetch('/api/services'))).appointments.map((a) => a.uuid)).not.toContain(far);
  });

  test('refusals: past 423, unknown and another organisation’s 404, a past search date, flags, signed out', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const kaarinaExpert = await bookingExpert(ctx.t, ctx.kaarina.id, 'psychologist');
    const [past] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [minutesFromNow(-60)]);
    const [elsewhere] = await openSlots(ctx.t, ctx.kaarina.id, kaarinaExpert.id, [minutesFromNow(DAY)]);
    const elias = await ctx.signedIn(ELIAS);
    await onboard(elias, ctx.espoo.id);
    await expectError(postJson(elias, `/api/services/lock/${past}`), 400, 423);
    await expectError(postJson(elias, `/api/services/book/${past}`, answers('x')), 400, 423);
    await expectError(postJson(elias, `/api/services/lock/${elsewhere}`), 404, 404);
    await expectError(postJson(elias, '/api/services/lock/00000000-0000-4000-8000-000000000000'), 404, 404);
    await expectError(postJson(elias, '/api/services/lock/not-a-uuid'), 400, 400);
    const yesterday = await elias.fetch(`/api/services/open/${minutesFromNow(-DAY).getTime()}/psychologist`);
    expect(fieldKeys(await yesterday.json())).toEqual({ dateMs: 'fields.pastDate' });
    const restore = await ctx.setFlags(ctx.espoo.id, { bookingsEnabled: false });
    try {
      await expectError(elias.fetch(`/api/services/open/${Date.now()}/psychologist`), 403, 403);
    } finally {
      await restore();
    }
    await expectError(ctx.guest().fetch(`/api/services/open/${Date.now()}/psychologist`), 401, 101);
  });

  test('next free time after the searched day: the same search in the patient’s organisation, others’ holds skipped; validated', async () => {
    const speech = 'speech-therapist';
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, speech);
    const psychologist = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const kaarinaExpert = await bookingExpert(ctx.t, ctx.kaarina.id, speech);
    const [sameDay, first, second] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [
      daysAheadAt(9, 15),
      daysAheadAt(11, 8),
      daysAheadAt(12, 8),
    ]);
    // Earlier, but another organisation's or another specialization's.
    await openSlots(ctx.t, ctx.kaarina.id, kaarinaExpert.id, [daysAheadAt(10, 8)]);
    await openSlots(ctx.t, ctx.espoo.id, psychologist.id, [daysAheadAt(10, 9)]);
    const [a, b] = await onboardedPatients(ctx.t, ctx.espoo.id, 2);
    const next = (browser: typeof a, day: Date, specialization = speech) =>
      okData<{ startTime: number | null }>(browser!.fetch(`/api/services/open/${day.getTime()}/${specialization}/next`));

    // The searched day's own free time is not 'the next'.
    expect(sameDay).toBeDefined();
    expect(await next(a, daysAheadAt(9, 8))).toEqual({ startTime: daysAheadAt(11, 8).getTime() });
    // Another patient's hold passes it by; the holder still sees their own.
    await okData(postJson(b!, `/api/services/lock/${first}`));
    expect(await next(a, daysAheadAt(9, 8))).toEqual({ startTime: daysAheadAt(12, 8).getTime() });
    expect(await next(b, daysAheadAt(9, 8))).toEqual({ startTime: daysAheadAt(11, 8).getTime() });
    await okData(postJson(b!, `/api/services/book/${second}`, answers('Puhe')));
    expect(await next(a, daysAheadAt(9, 8))).toEqual({ startTime: null });

    const yesterday = await a!.fetch(`/api/services/open/${minutesFromNow(-DAY).getTime()}/${speech}/next`);
    expect(fieldKeys(await yesterday.json())).toEqual({ dateMs: 'fields.pastDate' });
    await expectError(a!.fetch(`/api/services/open/tomorrow/${speech}/next`), 400, 400);
    await expectError(ctx.guest().fetch(`/api/services/open/${Date.now()}/${speech}/next`), 401, 101);
  });

  test('calendar file: only the booking patient gets their reserved appointment as iCalendar', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const start = daysAheadAt(13, 9);
    const [booked, open] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [start, daysAheadAt(13, 10)]);
    const [owner, other] = await onboardedPatients(ctx.t, ctx.espoo.id, 2);
    await okData(postJson(owner!, `/api/services/book/${booked}`, answers('Kalenteri')));

    const res = await owner!.fetch(`/api/services/calendar/${booked}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('appointment.ics');
    const ics = (await res.text()).replace(/\r\n /g, '');
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain(`UID:${booked}@prsp`);
    expect(ics).toContain(`DTSTART:${start.toISOString().replace(/[-:]/g, '').replace('.000', '')}`);
    expect(ics).toContain('Aloita vastaanotto palvelun etusivulta 5 minuuttia ennen alkua');
    expect(ics).not.toContain('ATTENDEE');
    // The booking's confirmation was the appointment's first calendar message: the file carries its SEQUENCE.
    expect(ics).toContain('SEQUENCE:1\r\n');

    await expectError(other!.fetch(`/api/services/calendar/${booked}`), 404, 404);
    await expectError(owner!.fetch(`/api/services/calendar/${open}`), 404, 404);
    await expectError(owner!.fetch('/api/services/calendar/00000000-0000-4000-8000-000000000000'), 404, 404);
    await expectError(owner!.fetch('/api/services/calendar/not-a-uuid'), 400, 400);
    await expectError(ctx.guest().fetch(`/api/services/calendar/${booked}`), 401, 101);
  });

  test('race: 50 patients lock the same slot at once — exactly one wins, the others get 422', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const [slot] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [minutesFromNow(6 * DAY)]);
    const browsers = await onboardedPatients(ctx.t, ctx.espoo.id, 50);
    const answersOf = await Promise.all(browsers.map((b) => postJson(b, `/api/services/lock/${slot}`)));
    const codes = await Promise.all(answersOf.map(async (r) => (await r.json()).statusCode as number));
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(49);
    expect(await ctx.db.select().from(bookingHolds).where(eq(bookingHolds.appointmentId, slot!))).toHaveLength(1);
  });

  test('race: an admin and a patient take the same time at once — one wins, never both', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const admin = await staffBrowser(ctx.t, { preset: 'booker' });
    for (let round = 0; round < 5; round++) {
      const [slot] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [minutesFromNow(7 * DAY + round * 60)]);
      const [patient] = await onboardedPatients(ctx.t, ctx.espoo.id, 1);
      const [byPatient, byAdmin] = await Promise.all([
        postJson(patient!, `/api/services/book/${slot}`, answers('Kilpa')),
        postJson(admin, '/api/admin/bookings/create', {
          kind: 'oneOnOne',
          timeslotId: slot,
          expertId: expert.id,
          date: '2030-01-01',
          startTime: '10:00',
          durationMinutes: 30,
          sendConfirmation: false,
          patient: {
            ssn: '010190-124N',
            firstName: 'Aino',
            lastName: 'Virtanen',
            email: 'aino@test.example',
            language: 'fi',
            nationality: 'FI',
          },
        }),
      ]);
      expect([byPatient.status, byAdmin.status].sort()).toEqual([200, 409]);
      const people = await ctx.db.select().from(appointmentParticipants).where(eq(appointmentParticipants.appointmentId, slot!));
      expect(people).toHaveLength(1);
    }
  });
});
