import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { z } from 'zod/mini';
import { ZOpenAppointment, ZPatientAppointment, ZServicesResponse, type PendingSurvey } from '@prsp/contracts';
import { appointments, services, serviceSurveys } from '../../db/schema';
import { okData, patientTestApp, postJson } from '../patients/patient.steps';
import { makeTemplate, useTemplates } from '../surveys/survey.steps';
import { bookingExpert, daysAheadAt, onboardedPatients, openSlots } from './booking.steps';

const ctx = patientTestApp();
const answers = { questionnaireAnswers: [{ id: 'reason', question: 'q', answer: 'Yskä' }] };

type Browser = Awaited<ReturnType<typeof ctx.signedIn>>;
const search = async (browser: Browser, day: Date, specialization: string) =>
  z.array(ZOpenAppointment).parse(await okData(browser.fetch(`/api/services/open/${day.getTime()}/${specialization}`)));
const book = async (browser: Browser, id: string) => {
  await okData(postJson(browser, `/api/services/lock/${id}`));
  return ZPatientAppointment.parse(await okData(postJson(browser, `/api/services/book/${id}`, answers)));
};
const asVideo = (id: string) => ctx.db.update(appointments).set({ type: 'basic' }).where(eq(appointments.id, id));

describe('the kind of an open time and of a booked appointment (issue 29, major 3)', () => {
  test('the search says chat or video per time; a video time is held and booked like a chat one and stays video', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'physiotherapist');
    const [chat, video] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [daysAheadAt(4, 9), daysAheadAt(4, 10)]);
    await asVideo(video!);
    const [patient] = await onboardedPatients(ctx.t, ctx.espoo.id, 1);

    const found = await search(patient!, daysAheadAt(4, 9), 'physiotherapist');
    expect(found.map((s) => [s.uuid, s.kind])).toEqual([
      [chat, 'chat'],
      [video, 'video'],
    ]);

    const booked = await book(patient!, video!);
    expect(booked).toMatchObject({ uuid: video, type: 'basic', kind: 'video' });
    const listed = ZServicesResponse.parse(await okData(patient!.fetch('/api/services')));
    expect(listed.appointments.find((a) => a.uuid === video)).toMatchObject({ type: 'basic', kind: 'video' });
  });

  test('a cancelled video time opens again as a video time', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'physiotherapist');
    const [video] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [daysAheadAt(6, 13)]);
    await asVideo(video!);
    const [patient, other] = await onboardedPatients(ctx.t, ctx.espoo.id, 2);
    await book(patient!, video!);

    await okData(postJson(patient!, `/api/services/cancel/${video}`, {}));
    const reopened = (await search(other!, daysAheadAt(6, 13), 'physiotherapist')).filter(
      (s) => s.startTime === daysAheadAt(6, 13).getTime(),
    );
    expect(reopened.map((s) => s.kind)).toEqual(['video']);
  });

  test('a video time the patient moves away from opens again as a video time', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'physiotherapist');
    const [video, later] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [daysAheadAt(7, 13), daysAheadAt(7, 15)]);
    await asVideo(video!);
    const [patient, other] = await onboardedPatients(ctx.t, ctx.espoo.id, 2);
    await book(patient!, video!);

    await okData(postJson(patient!, `/api/services/lock/${later}`));
    await okData(postJson(patient!, `/api/services/reschedule/${video}`, { timeslotId: later }));
    const reopened = (await search(other!, daysAheadAt(7, 13), 'physiotherapist')).filter(
      (s) => s.startTime === daysAheadAt(7, 13).getTime(),
    );
    expect(reopened.map((s) => s.kind)).toEqual(['video']);
  });
});

describe('the symptom questionnaire at booking (issue 29, major 4)', () => {
  test("booking a time of a service with a `before` survey answers that survey's response, marked before, to link to", async () => {
    const [service] = await ctx.db.select({ id: services.id }).from(services).where(eq(services.organisationId, ctx.espoo.id)).limit(1);
    const symptoms = await makeTemplate(ctx.db, ctx.espoo.id, { name: 'Oirekysely' });
    await useTemplates(ctx.db, ctx.espoo.id, [symptoms.templateId]);
    await ctx.db.insert(serviceSurveys).values({ serviceId: service!.id, templateId: symptoms.templateId, timing: 'before' });
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const [withService, without] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [daysAheadAt(5, 9), daysAheadAt(5, 10)]);
    await ctx.db.update(appointments).set({ serviceId: service!.id }).where(eq(appointments.id, withService!));
    const [patient] = await onboardedPatients(ctx.t, ctx.espoo.id, 1);

    const booked = await book(patient!, withService!);
    expect(booked.surveys).toEqual([
      { response_id: expect.any(String), responded_at: null, name: expect.objectContaining({ fi: 'Oirekysely' }), trigger: 'before' },
    ]);
    // The link the success page gives opens that survey for this patient.
    expect((await patient!.fetch(`/api/survey/token/${booked.surveys[0]!.response_id}`)).status).toBe(200);

    // A time with no service sends no questionnaire, and the answer names none.
    const other = await onboardedPatients(ctx.t, ctx.espoo.id, 1);
    expect((await book(other[0]!, without!)).surveys).toEqual([]);
  });

  test('cancelling the visit withdraws its unanswered questionnaire: the landing no longer asks for it', async () => {
    const [service] = await ctx.db.select({ id: services.id }).from(services).where(eq(services.organisationId, ctx.espoo.id)).limit(1);
    const symptoms = await makeTemplate(ctx.db, ctx.espoo.id, { name: 'Esitiedot' });
    await useTemplates(ctx.db, ctx.espoo.id, [symptoms.templateId]);
    await ctx.db.insert(serviceSurveys).values({ serviceId: service!.id, templateId: symptoms.templateId, timing: 'before' });
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'psychologist');
    const [slot] = await openSlots(ctx.t, ctx.espoo.id, expert.id, [daysAheadAt(8, 9)]);
    await ctx.db.update(appointments).set({ serviceId: service!.id }).where(eq(appointments.id, slot!));
    const [patient] = await onboardedPatients(ctx.t, ctx.espoo.id, 1);
    const booked = await book(patient!, slot!);
    const responseId = booked.surveys.find((s) => s.name.fi === 'Esitiedot')!.response_id;
    const pending = async () => (await okData<PendingSurvey[]>(patient!.fetch('/api/surveys/pending'))).map((p) => p.response_id);
    expect(await pending()).toContain(responseId);

    await okData(postJson(patient!, `/api/services/cancel/${slot}`, {}));
    expect(await pending()).not.toContain(responseId);
  });
});
