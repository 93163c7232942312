import { and, eq, notInArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { ZPatientAppointment, ZRescheduleInfo, type PatientAppointment, type ServicesResponse } from '@prsp/contracts';
import { appointmentParticipants, appointments, auditLog, bookingHolds, outboxEmails } from '../../db/schema';
import { HELMI, MATTI } from '../../test/person-codes';
import { fieldKeys } from '../../test/staff-accounts';
import type { TestBrowser } from '../../test/http-client';
import { expectError, okData, patientTestApp, postJson } from '../patients/patient.steps';
import { bookingExpert, minutesFromNow, onboardedPatients, openSlots } from './booking.steps';

const ctx = patientTestApp();
const DAY = 24 * 60;

const answers = (reason: string) => ({
  questionnaireAnswers: [
    { id: 'reason', question: 'client copy', answer: reason },
    { id: 'other', question: 'client copy', answer: '' },
  ],
});

async function row(id: string) {
  const [a] = await ctx.db.select().from(appointments).where(eq(appointments.id, id));
  return a;
}

/** The ids of every e-mail queued so far: what a step adds is what is not among them afterwards. */
async function outboxIds(): Promise<string[]> {
  return (await ctx.db.select({ id: outboxEmails.id }).from(outboxEmails)).map((r) => r.id);
}

async function mailsSince(ids: string[]) {
  const rows = await ctx.db
    .select()
    .from(outboxEmails)
    .where(ids.length > 0 ? notInArray(outboxEmails.id, ids) : undefined);
  return rows.map((m) => ({
    to: m.toAddress,
    subject: m.subject,
    ics: (m.attachments ?? []).map((a) => Buffer.from(a.contentBase64, 'base64').toString('utf8')).join('\n'),
  }));
}

/** A patient of their own (unique e-mail) with a self-booked time `minutes` ahead, through the real routes. */
async function patientWithBooking(minutes: number, expertId: string): Promise<{ patient: TestBrowser; id: string; email: string }> {
  const [patient] = await onboardedPatients(ctx.t, ctx.espoo.id, 1);
  const [id] = await openSlots(ctx.t, ctx.espoo.id, expertId, [minutesFromNow(minutes)]);
  await okData(postJson(patient!, `/api/services/lock/${id}`));
  await okData(postJson(patient!, `/api/services/book/${id}`, answers('Selkäkipu')));
  const [p] = await ctx.db.select().from(appointmentParticipants).where(eq(appointmentParticipants.appointmentId, id!));
  return { patient: patient!, id: id!, email: p!.email! };
}

describe('patient reschedule (issue 29: change the time instead of cancelling and booking again)', () => {
  test('moves the appointment into the held time in one step: one "changed" e-mail each, the old time opens, answers kept', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const { patient, id, email } = await patientWithBooking(3 * DAY, expert.id);
    const old = (await row(id))!;
    const [target] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [minutesFromNow(5 * DAY)]);

    // The book page's reschedule mode: the appointment and the specialization to search.
    const info = ZRescheduleInfo.parse(await okData(patient.fetch(`/api/services/reschedule/${id}`)));
    expect(info).toMatchObject({
      appointment: { uuid: id, startTime: old.startsAt.getTime(), selfBooked: true },
      specialization: 'psychologist',
    });

    await okData(postJson(patient, `/api/services/lock/${target}`));
    const sent = await outboxIds();
    const moved = ZPatientAppointment.parse(await okData(postJson(patient, `/api/services/reschedule/${id}`, { timeslotId: target })));
    // The same appointment, at the new time, with the answers given at booking.
    expect(moved).toMatchObject({ uuid: id, startTime: minutesFromNow(5 * DAY).getTime(), selfBooked: true });
    expect(moved.preQuestionnaire).toEqual([{ id: 'reason', question: 'Mikä on käyntisi syy?', answer: 'Selkäkipu' }]);
    expect(await row(id)).toMatchObject({ status: 'selfBooked', startsAt: minutesFromNow(5 * DAY), cancelledAt: null });
    // The held time's row made way for it, with its hold; the old time is open for others again.
    expect(await row(target!)).toBeUndefined();
    expect(await ctx.db.select().from(bookingHolds).where(eq(bookingHolds.appointmentId, target!))).toEqual([]);
    const reopened = await ctx.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.expertId, expert.id), eq(appointments.startsAt, old.startsAt)));
    expect(reopened.map((a) => a.status)).toEqual(['open']);
    const listed = await okData<ServicesResponse>(patient.fetch('/api/services'));
    expect(listed.appointments.map((a) => [a.uuid, a.startTime])).toEqual([[id, minutesFromNow(5 * DAY).getTime()]]);

    // One e-mail to the patient and one to the professional, each the "changed" invitation with the same UID (the
    // calendar moves the event): no cancellation, no second booking confirmation.
    const mails = await mailsSince(sent);
    expect(mails.map((m) => m.to).sort()).toEqual([email, expert.email].sort());
    for (const m of mails) {
      expect(m.subject).toMatch(/^Ajanvaraus muuttunut/);
      expect(m.ics).toContain('METHOD:REQUEST');
      expect(m.ics).toContain(`UID:${id}@prsp`);
    }
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appointment.reschedule'), eq(auditLog.objectId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ timeslotId: target });
  });

  test('new answers replace the old; another professional of the specialization: the first is told it is off their calendar', async () => {
    const first = await bookingExpert(ctx.t, ctx.espoo.id, 'physiotherapist');
    const second = await bookingExpert(ctx.t, ctx.espoo.id, 'physiotherapist');
    const { patient, id, email } = await patientWithBooking(3 * DAY, first.id);
    const [target] = await openSlots(ctx.t, ctx.espoo.id, second.id, [minutesFromNow(4 * DAY)]);
    await okData(postJson(patient, `/api/services/lock/${target}`));
    // A mandatory question left empty is a field error, as in booking; nothing moved.
    const missing = await postJson(patient, `/api/services/reschedule/${id}`, { timeslotId: target, ...answers(' ') });
    expect(missing.status).toBe(400);
    expect(fieldKeys(await missing.json())).toMatchObject({ questionnaireAnswers: 'fields.answerRequired' });

    const sent = await outboxIds();
    const moved = await okData<PatientAppointment>(
      postJson(patient, `/api/services/reschedule/${id}`, { timeslotId: target, ...answers('Polvi') }),
    );
    expect(moved.preQuestionnaire).toEqual([{ id: 'reason', question: 'Mikä on käyntisi syy?', answer: 'Polvi' }]);
    expect(await row(id)).toMatchObject({ expertId: second.id, startsAt: minutesFromNow(4 * DAY) });
    const mails = await mailsSince(sent);
    expect(mails.map((m) => m.to).sort()).toEqual([email, first.email, second.email].sort());
    expect(mails.find((m) => m.to === first.email)!.ics).toContain('METHOD:CANCEL');
    expect(mails.find((m) => m.to === second.email)!.ics).toContain('METHOD:REQUEST');
    expect(mails.find((m) => m.to === email)!.subject).toMatch(/^Ajanvaraus muuttunut/);
  });

  test('a refused change keeps the old appointment as it was: the time taken or held by another, or past', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'nutritionist');
    const { patient, id } = await patientWithBooking(3 * DAY, expert.id);
    const [held, booked, past] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [
      minutesFromNow(4 * DAY),
      minutesFromNow(4 * DAY + 60),
      minutesFromNow(-60),
    ]);
    const [other] = await onboardedPatients(ctx.t, ctx.espoo.id, 1);
    await okData(postJson(other!, `/api/services/lock/${held}`));
    await okData(postJson(other!, `/api/services/book/${booked}`, answers('x')));
    const before = await row(id);
    const sent = await outboxIds();

    await expectError(postJson(patient, `/api/services/reschedule/${id}`, { timeslotId: held }), 409, 422);
    await expectError(postJson(patient, `/api/services/reschedule/${id}`, { timeslotId: booked }), 409, 422);
    await expectError(postJson(patient, `/api/services/reschedule/${id}`, { timeslotId: past }), 400, 423);
    await expectError(postJson(patient, `/api/services/reschedule/${id}`, { timeslotId: id }), 409, 422);
    await expectError(
      postJson(patient, `/api/services/reschedule/${id}`, { timeslotId: '00000000-0000-4000-8000-000000000000' }),
      404,
      404,
    );
    await expectError(postJson(patient, `/api/services/reschedule/${id}`, { timeslotId: 'nope' }), 400, 400);

    expect(await row(id)).toEqual(before);
    expect((await row(held!))!.status).toBe('open');
    expect(await mailsSince(sent)).toEqual([]);
  });

  test("someone else's appointment is 404; a cancelled one 422; a started or settled one 423; a group, an admin's booking or within 24 h 403", async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'speech therapist');
    const [target] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [minutesFromNow(6 * DAY)]);
    const { patient, id } = await patientWithBooking(3 * DAY, expert.id);
    await okData(postJson(patient, `/api/services/lock/${target}`));
    const change = (who: TestBrowser, appointmentId: string) =>
      postJson(who, `/api/services/reschedule/${appointmentId}`, { timeslotId: target });

    const helmi = await ctx.signedIn(HELMI);
    await okData(postJson(helmi, '/api/organisations/select', { selectedOrganisation: ctx.espoo.id }));
    await okData(postJson(helmi, '/api/terms/accept'));
    await expectError(change(helmi, id), 404, 404);
    await expectError(helmi.fetch(`/api/services/reschedule/${id}`), 404, 404);
    // An open time is nobody's appointment.
    await expectError(change(patient, target!), 404, 404);

    const set = (values: Partial<typeof appointments.$inferInsert>) =>
      ctx.db.update(appointments).set(values).where(eq(appointments.id, id));
    const old = (await row(id))!;
    for (const [values, http, code] of [
      [{ type: 'group' }, 403, 403],
      [{ status: 'booked' }, 403, 403],
      [{ startsAt: minutesFromNow(DAY - 10), endsAt: minutesFromNow(DAY + 20) }, 403, 403],
      [{ startsAt: minutesFromNow(-5), endsAt: minutesFromNow(25) }, 400, 423],
      [{ heldAt: new Date(), startsAt: minutesFromNow(-40), endsAt: minutesFromNow(-10) }, 400, 423],
    ] as const) {
      await set(values);
      await expectError(change(patient, id), http, code);
      await expectError(patient.fetch(`/api/services/reschedule/${id}`), http, code);
      await set({ type: old.type, status: old.status, startsAt: old.startsAt, endsAt: old.endsAt, heldAt: null });
    }
    await okData(postJson(patient, `/api/services/cancel/${id}`));
    await expectError(change(patient, id), 409, 422);
    // Nothing of it moved the held time.
    expect((await row(target!))!.status).toBe('open');
  });

  test('signed out 101; bookings off 403; an invalid id 400', async () => {
    const matti = await ctx.signedIn(MATTI);
    await okData(postJson(matti, '/api/organisations/select', { selectedOrganisation: ctx.espoo.id }));
    await okData(postJson(matti, '/api/terms/accept'));
    const body = { timeslotId: '00000000-0000-4000-8000-000000000000' };
    await expectError(postJson(matti, '/api/services/reschedule/not-a-uuid', body), 400, 400);
    await expectError(postJson(await ctx.anonymous(), `/api/services/reschedule/${body.timeslotId}`, body), 401, 101);
    const restore = await ctx.setFlags(ctx.espoo.id, { bookingsEnabled: false });
    try {
      await expectError(postJson(matti, `/api/services/reschedule/${body.timeslotId}`, body), 403, 403);
    } finally {
      await restore();
    }
  });
});
