import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ZFeedbackPlan, type ChatChannel, type FeedbackPlan } from '@prsp/contracts';
import { appointmentSurveys, serviceSurveys, surveyResponses } from '../../db/schema';
import { onboardedPatients } from '../booking/booking.steps';
import { expectError, okData, organisationBySlug, postJson } from '../patients/patient.steps';
import type { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { makeTemplate, useTemplates } from '../surveys/survey.steps';
import { bookedAppointment, chatExpert, ownQueue, sessionPatientId } from './chat.steps';

/**
 * The feedback page's plan (issue 29): a patient whom a feedback survey follows is not also asked the post-chat
 * score (two 0–10 questions in a row), and is pointed to the survey; the server decides.
 */
let t: TestApp;
let espoo: string;
let feedbackTemplate: string;

beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  ({ templateId: feedbackTemplate } = await makeTemplate(t.database.db, espoo, { name: 'Palautekysely' }));
  await useTemplates(t.database.db, espoo, [feedbackTemplate]);
});
afterAll(() => t?.close());

const planOf = async (browser: TestBrowser, channelId: string): Promise<FeedbackPlan> =>
  ZFeedbackPlan.parse(await okData(browser.fetch(`/api/chat/channels/${channelId}/feedback-plan`)));

/** A patient queues in a queue of its own, its expert takes and ends the chat. */
async function walkInChat(opts: { feedbackSurvey: boolean }) {
  const { queueId, serviceId } = await ownQueue(t, espoo);
  if (opts.feedbackSurvey) await t.database.db.insert(serviceSurveys).values({ serviceId, templateId: feedbackTemplate, timing: 'after' });
  const expert = await chatExpert(t, espoo, queueId);
  const [patient] = (await onboardedPatients(t, espoo, 1)) as [TestBrowser];
  const channel = await okData<ChatChannel>(postJson(patient, '/api/chat/channels', { serviceId }));
  await okData(postJson(expert.browser, `/api/expert/chat/channels/${channel.id}/accept`));
  await okData(postJson(expert.browser, `/api/expert/chat/channels/${channel.id}/end`));
  return { patient, expert, channel };
}

describe('after a walk-in chat', () => {
  test('without a feedback survey, the page asks its score', async () => {
    const { patient, channel } = await walkInChat({ feedbackSurvey: false });
    expect(await planOf(patient, channel.id)).toEqual({ askScore: true, surveyResponseId: null });
  });

  test('with one, the page skips its score and points to the survey sent as the chat ended', async () => {
    const { patient, channel } = await walkInChat({ feedbackSurvey: true });
    const patientId = await sessionPatientId(t, patient);
    const [sent] = await t.database.db
      .select({ id: surveyResponses.id })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.patientId, patientId), eq(surveyResponses.trigger, 'after')));
    expect(await planOf(patient, channel.id)).toEqual({ askScore: false, surveyResponseId: sent!.id });
    // Once answered, it waits no more: nothing to point to, and still no second score.
    await t.database.db.update(surveyResponses).set({ respondedAt: new Date() }).where(eq(surveyResponses.id, sent!.id));
    expect(await planOf(patient, channel.id)).toEqual({ askScore: false, surveyResponseId: null });
  });

  test('someone who was not in the chat gets 404, an expert 403', async () => {
    const { channel, expert } = await walkInChat({ feedbackSurvey: false });
    const [stranger] = await onboardedPatients(t, espoo, 1);
    await expectError(stranger!.fetch(`/api/chat/channels/${channel.id}/feedback-plan`), 404, 404);
    await expectError(expert.browser.fetch(`/api/chat/channels/${channel.id}/feedback-plan`), 403, 403);
  });
});

test('an appointment whose feedback survey comes at its booked end: no score now, the survey is still to come', async () => {
  const { queueId } = await ownQueue(t, espoo);
  const expert = await chatExpert(t, espoo, queueId);
  const [patient] = (await onboardedPatients(t, espoo, 1)) as [TestBrowser];
  const patientId = await sessionPatientId(t, patient);
  const appointment = await bookedAppointment(t, espoo, {
    type: 'oneOnOne',
    expertId: expert.expertId,
    queueId,
    startsAt: new Date(Date.now() - 60_000),
    patients: [{ id: patientId, name: 'Potilas Palaute' }],
  });
  await t.database.db.insert(appointmentSurveys).values({ appointmentId: appointment.id, templateId: feedbackTemplate, timing: 'after' });
  const channel = await okData<ChatChannel>(postJson(patient, '/api/chat/channels', { appointmentId: appointment.id }));
  await okData(postJson(expert.browser, `/api/expert/chat/channels/${channel.id}/accept`));
  // The patient ends it: the survey goes at the booked end, not now.
  await okData(postJson(patient, `/api/chat/channels/${channel.id}/leave`));
  expect(await planOf(patient, channel.id)).toEqual({ askScore: false, surveyResponseId: null });
});
