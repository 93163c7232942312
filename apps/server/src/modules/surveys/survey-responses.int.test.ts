import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { localDateAt, type AppointmentDetail, type PatientAppointment, type ServicesResponse } from '@prsp/contracts';
import { appointments, appointmentSurveys, jobs, services, serviceSurveys, surveyResponses } from '../../db/schema';
import { AINO, SARA } from '../../test/person-codes';
import type { TestBrowser } from '../../test/http-client';
import { staffBrowser, startStaffTestApp } from '../../test/staff-accounts';
import type { TestApp } from '../../test/test-app';
import { bookingExpert, minutesFromNow, openSlots } from '../booking/booking.steps';
import { okData, onboard, patientIdOf, postJson, signedIn } from '../patients/patient.steps';
import { acceptedOneToOne } from '../chat/video.steps';
import { bookedAppointment } from '../chat/chat.steps';
import { createResponsesForAppointment, sendSurveyToPatient } from './survey-responses.service';
import { makeTemplate, useTemplates } from './survey.steps';

let t: TestApp;
let espoo: string;
let kaarina: string;
let serviceId: string;
let aino: TestBrowser;
const before = { templateId: '', versionId: '' };
const after = { templateId: '', versionId: '' };
const DAY = 24 * 60;

beforeAll(async () => {
  ({ t, espoo, kaarina } = await startStaffTestApp());
  const [service] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.organisationId, espoo)).limit(1);
  serviceId = service!.id;
  Object.assign(before, await makeTemplate(t.database.db, espoo, { name: 'Esitiedot' }));
  Object.assign(after, await makeTemplate(t.database.db, espoo, { name: 'Palaute' }));
  await useTemplates(t.database.db, espoo, [before.templateId, after.templateId]);
  await t.database.db.insert(serviceSurveys).values([
    { serviceId, templateId: before.templateId, timing: 'before' },
    { serviceId, templateId: after.templateId, timing: 'after' },
  ]);
  aino = await signedIn(t, AINO);
  await onboard(aino, espoo);
});
afterAll(() => t.close());

const responsesOf = (appointmentId: string) =>
  t.database.db
    .select({ patientId: surveyResponses.patientId, versionId: surveyResponses.templateVersionId, trigger: surveyResponses.trigger })
    .from(surveyResponses)
    .where(eq(surveyResponses.appointmentId, appointmentId));

const runEndJobs = () => t.app.jobs.runOnce({ kinds: ['surveys.afterAppointment'], limit: 50 });

/** Brings an appointment's end jobs due now (their time is the appointment's end, days ahead). */
async function endJobsDue(appointmentId: string) {
  await t.database.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(and(eq(jobs.kind, 'surveys.afterAppointment'), like(jobs.singletonKey, `${appointmentId}:%`)));
}

describe('responses for appointments', () => {
  test("a patient's booking sends the service's `before` survey; the end job sends the `after` one, once", async () => {
    const expert = await bookingExpert(t, espoo, 'psychologist');
    const [slot] = await openSlots(t, espoo, expert.id, [minutesFromNow(3 * DAY)]);
    await t.database.db.update(appointments).set({ serviceId }).where(eq(appointments.id, slot!));
    await okData(postJson(aino, `/api/services/lock/${slot}`));
    const booked = await okData<PatientAppointment>(
      postJson(aino, `/api/services/book/${slot}`, { questionnaireAnswers: [{ id: 'reason', question: 'q', answer: 'Kipu' }] }),
    );
    const patientId = await patientIdOf(t, AINO);
    expect(await responsesOf(slot!)).toEqual([{ patientId, versionId: before.versionId, trigger: 'before' }]);
    // The appointment carries its survey for the patient, and the landing lists it pending.
    expect(booked.surveys).toEqual([
      { response_id: expect.any(String), responded_at: null, name: expect.objectContaining({ fi: 'Esitiedot' }), trigger: 'before' },
    ]);
    const listed = await okData<ServicesResponse>(aino.fetch('/api/services'));
    expect(listed.appointments.find((a) => a.uuid === slot)?.surveys).toEqual(booked.surveys);
    const pending = await okData<{ response_id: string }[]>(aino.fetch('/api/surveys/pending'));
    expect(pending.map((p) => p.response_id)).toContain(booked.surveys[0]!.response_id);

    // The end job is queued for the end; before it, nothing runs.
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, slot!));
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'surveys.afterAppointment'), eq(jobs.singletonKey, `${slot}:${row!.endsAt.toISOString()}`)));
    expect(job).toMatchObject({ state: 'queued', runAt: row!.endsAt, payload: { appointmentId: slot, endsAt: row!.endsAt.toISOString() } });
    await runEndJobs();
    expect(await responsesOf(slot!)).toHaveLength(1);
    await endJobsDue(slot!);
    await runEndJobs();
    expect(await responsesOf(slot!)).toEqual(
      expect.arrayContaining([
        { patientId, versionId: before.versionId, trigger: 'before' },
        { patientId, versionId: after.versionId, trigger: 'after' },
      ]),
    );
    // Again (the expert ending the chat, a retried job): no duplicates.
    await t.database.db.transaction((tx) => createResponsesForAppointment(tx, slot!, 'after'));
    await t.database.db.transaction((tx) => createResponsesForAppointment(tx, slot!, 'before'));
    expect(await responsesOf(slot!)).toHaveLength(2);
  });

  test("an admin's booking sends the service's and the appointment's own `before` surveys to its patient", async () => {
    const admin = await staffBrowser(t, { preset: 'booker' });
    const expert = await bookingExpert(t, espoo, 'physiotherapist');
    const body = {
      kind: 'oneOnOne',
      expertId: expert.id,
      serviceId,
      date: localDateAt(minutesFromNow(10 * DAY)),
      startTime: '09:00',
      durationMinutes: 45,
      sendConfirmation: false,
      patient: { ssn: SARA, firstName: 'Sara', lastName: 'Lindholm', email: 'sara@test.example', language: 'se', nationality: 'FI' },
    };
    const created = await okData<AppointmentDetail>(postJson(admin, '/api/admin/bookings/create', body));
    const sara = await patientIdOf(t, SARA);
    expect(await responsesOf(created.id)).toEqual([{ patientId: sara, versionId: before.versionId, trigger: 'before' }]);

    // A survey chosen for this appointment alone goes too when the appointment is saved again, once.
    const own = await makeTemplate(t.database.db, espoo, { name: 'Oma' });
    await useTemplates(t.database.db, espoo, [own.templateId]);
    await t.database.db.insert(appointmentSurveys).values({ appointmentId: created.id, templateId: own.templateId, timing: 'before' });
    await t.database.db.transaction((tx) => createResponsesForAppointment(tx, created.id, 'before'));
    await t.database.db.transaction((tx) => createResponsesForAppointment(tx, created.id, 'before'));
    expect((await responsesOf(created.id)).map((r) => r.versionId).sort()).toEqual([before.versionId, own.versionId].sort());
  });

  test('a cancelled appointment gets no surveys, and a moved one only at its new end', async () => {
    const expert = await bookingExpert(t, espoo, 'nurse');
    const [slot] = await openSlots(t, espoo, expert.id, [minutesFromNow(4 * DAY)]);
    await t.database.db.update(appointments).set({ serviceId }).where(eq(appointments.id, slot!));
    await okData(postJson(aino, `/api/services/lock/${slot}`));
    await okData(postJson(aino, `/api/services/book/${slot}`, { questionnaireAnswers: [{ id: 'reason', question: 'q', answer: 'Kipu' }] }));
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, slot!));
    // Moved by an hour: the job queued for the old end finds the time changed and does nothing.
    await t.database.db
      .update(appointments)
      .set({ startsAt: new Date(row!.startsAt.getTime() + 60 * 60_000), endsAt: new Date(row!.endsAt.getTime() + 60 * 60_000) })
      .where(eq(appointments.id, slot!));
    await endJobsDue(slot!);
    await runEndJobs();
    expect((await responsesOf(slot!)).map((r) => r.trigger)).toEqual(['before']);
    await t.database.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, slot!));
    expect(await t.database.db.transaction((tx) => createResponsesForAppointment(tx, slot!, 'after'))).toEqual([]);
  });
});

test("an expert ending an appointment's chat or video sends its `after` surveys then", async () => {
  const call = await acceptedOneToOne(t, espoo);
  await t.database.db
    .insert(appointmentSurveys)
    .values({ appointmentId: call.appointment.id, templateId: after.templateId, timing: 'after' });
  expect(await responsesOf(call.appointment.id)).toEqual([]);
  await okData(postJson(call.expert.browser, `/api/expert/chat/channels/${call.channel.id}/end`));
  expect(await responsesOf(call.appointment.id)).toEqual([{ patientId: call.patientId, versionId: after.versionId, trigger: 'after' }]);
});

test('a change of state alone (the visit held: booking.updated with [state]) sends no `before` survey after the visit', async () => {
  const call = await acceptedOneToOne(t, espoo);
  await t.database.db.insert(appointmentSurveys).values([
    { appointmentId: call.appointment.id, templateId: before.templateId, timing: 'before' },
    { appointmentId: call.appointment.id, templateId: after.templateId, timing: 'after' },
  ]);
  await okData(postJson(call.expert.browser, `/api/expert/chat/channels/${call.channel.id}/end`));
  expect(await responsesOf(call.appointment.id)).toEqual([{ patientId: call.patientId, versionId: after.versionId, trigger: 'after' }]);
});

test('an expert removed after a visit (booking.updated with [participants]) sends none of its surveys', async () => {
  const expert = await bookingExpert(t, espoo, 'nurse');
  const past = await bookedAppointment(t, espoo, {
    type: 'oneOnOne',
    expertId: expert.id,
    startsAt: minutesFromNow(-3 * 60),
    patients: [{ id: await patientIdOf(t, AINO), name: 'Aino Virtanen' }],
  });
  await t.database.db.insert(appointmentSurveys).values([
    { appointmentId: past.id, templateId: before.templateId, timing: 'before' },
    { appointmentId: past.id, templateId: after.templateId, timing: 'after' },
  ]);
  const admin = await staffBrowser(t);
  expect((await admin.fetch(`/api/admin/experts/${expert.id}`, { method: 'DELETE' })).status).toBe(200);
  expect(await responsesOf(past.id)).toEqual([]);
  expect(
    await t.database.db
      .select()
      .from(jobs)
      .where(like(jobs.singletonKey, `${past.id}:%`)),
  ).toEqual([]);
});

describe('sendSurveyToPatient', () => {
  test("an expert sends the template's current version; another organisation's or an archived template is refused", async () => {
    const expert = await bookingExpert(t, espoo, 'doctor');
    const patientId = await patientIdOf(t, AINO);
    const id = await t.database.db.transaction((tx) =>
      sendSurveyToPatient(tx, { organisationId: espoo, patientId, templateId: after.templateId, expertId: expert.id }),
    );
    const [row] = await t.database.db.select().from(surveyResponses).where(eq(surveyResponses.id, id));
    expect(row).toMatchObject({ trigger: 'expert', expertId: expert.id, templateVersionId: after.versionId, appointmentId: null });
    const shared = await makeTemplate(t.database.db, null, { shared: true });
    await t.database.db.transaction((tx) =>
      sendSurveyToPatient(tx, { organisationId: espoo, patientId, templateId: shared.templateId, expertId: expert.id }),
    );

    const theirs = await makeTemplate(t.database.db, kaarina);
    const archived = await makeTemplate(t.database.db, espoo, { archived: true });
    const unshared = await makeTemplate(t.database.db, null);
    for (const templateId of [theirs.templateId, archived.templateId, unshared.templateId])
      await expect(
        t.database.db.transaction((tx) => sendSurveyToPatient(tx, { organisationId: espoo, patientId, templateId, expertId: expert.id })),
      ).rejects.toMatchObject({ code: 404 });
  });
});
