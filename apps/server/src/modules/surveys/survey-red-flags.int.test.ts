import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ZAppointmentDetail,
  ZExpertSchedule,
  ZExpertSurveyItem,
  ZRunnerAnswered,
  ZRunnerSurvey,
  ZSurveyTokenResponse,
  type ChatChannel,
  type SurveyAnswers,
  type SurveyQuestion,
} from '@prsp/contracts';
import { z } from 'zod/mini';
import { chatChannels } from '../../db/schema';
import { AINO } from '../../test/person-codes';
import type { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { okData, organisationBySlug, postJson } from '../patients/patient.steps';
import { onboardedPatient } from '../messaging/conversations.steps';
import { bookedAppointment, chatExpert, ownQueue } from '../chat/chat.steps';
import { makeExpertResponse } from './survey-expert.steps';
import { localized, makeTemplate } from './survey.steps';

/**
 * Red-flag answers (issue 29, docs/surveys.md 'Red-flag answers'): an admin marks choices as red flags; the server
 * reads the stored answers against the version's definition, answers the runner whether to show the emergency
 * instruction, flags and lists the response first for the expert, and an appointment's chat opens as an emergency.
 */
let t: TestApp;
let espoo: string;
let versionId: string;
let aino: { browser: TestBrowser; patientId: string };
let nurse: Awaited<ReturnType<typeof chatExpert>>;
let queueId: string;

/** A symptom questionnaire: 'pressing' chest pain and 'breath' among the symptoms are red flags. */
const QUESTIONS: SurveyQuestion[] = [
  {
    id: 'chest',
    type: 'single',
    text: localized('Onko rintakipua?'),
    required: true,
    options: [
      { id: 'pressing', label: localized('Puristava rintakipu'), redFlag: true },
      { id: 'none', label: localized('Ei rintakipua') },
    ],
  },
  {
    id: 'symptoms',
    type: 'multiple',
    text: localized('Mitä oireita?'),
    required: false,
    options: [
      { id: 'cough', label: localized('Yskä') },
      { id: 'breath', label: localized('Hengenahdistus'), redFlag: true },
    ],
  },
];

beforeAll(async () => {
  t = await startTestApp();
  espoo = (await organisationBySlug(t, 'espoo-demo')).id;
  ({ versionId } = await makeTemplate(t.database.db, espoo, { name: 'Oirekysely', questions: QUESTIONS }));
  aino = await onboardedPatient(t, AINO, espoo);
  ({ queueId } = await ownQueue(t, espoo));
  nurse = await chatExpert(t, espoo, queueId);
});
afterAll(() => t?.close());

/** A pending response of Aino's, read first by the nurse, of an appointment when given. */
const respond = (appointmentId?: string) =>
  makeExpertResponse(t.database.db, {
    organisationId: espoo,
    patientId: aino.patientId,
    versionId,
    expertId: nurse.expertId,
    ...(appointmentId ? { appointmentId, trigger: 'before' as const } : {}),
  });

/** The runner's calls as the sandboxed frame makes them: the bearer token, `Origin: null`, no cookie. */
async function runner(responseId: string, answers?: SurveyAnswers): Promise<Response> {
  const { token } = ZSurveyTokenResponse.parse(await okData(aino.browser.fetch(`/api/survey/token/${responseId}`)));
  return fetch(new URL(`/api/survey-runner/${answers ? 'answers' : 'survey'}`, t.baseUrl), {
    method: answers ? 'POST' : 'GET',
    headers: { origin: 'null', authorization: `Bearer ${token}`, ...(answers ? { 'content-type': 'application/json' } : {}) },
    body: answers ? JSON.stringify({ answers }) : undefined,
  });
}
const answer = async (responseId: string, answers: SurveyAnswers) => ZRunnerAnswered.parse(await okData(runner(responseId, answers)));

describe('answering: the server says whether the answers pick a red flag', () => {
  test('a single choice marked red flag answers redFlag, and the answered survey reads back flagged', async () => {
    const id = await respond();
    expect((await answer(id, { chest: 'pressing' })).redFlag).toBe(true);
    expect(ZRunnerSurvey.parse(await okData(runner(id))).redFlag).toBe(true);
  });

  test('a multiple choice with one red-flag pick among others answers redFlag', async () => {
    expect((await answer(await respond(), { chest: 'none', symptoms: ['cough', 'breath'] })).redFlag).toBe(true);
  });

  test('no red-flag pick answers no red flag, before and after answering', async () => {
    const id = await respond();
    expect(ZRunnerSurvey.parse(await okData(runner(id))).redFlag).toBe(false);
    expect((await answer(id, { chest: 'none', symptoms: ['cough'] })).redFlag).toBe(false);
    expect(ZRunnerSurvey.parse(await okData(runner(id))).redFlag).toBe(false);
  });

  test('the client cannot say red flag: a redFlag beside the answers is dropped, the definition decides', async () => {
    const id = await respond();
    const { token } = ZSurveyTokenResponse.parse(await okData(aino.browser.fetch(`/api/survey/token/${id}`)));
    const res = await fetch(new URL('/api/survey-runner/answers', t.baseUrl), {
      method: 'POST',
      headers: { origin: 'null', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ answers: { chest: 'none' }, redFlag: true }),
    });
    expect(ZRunnerAnswered.parse(await okData(res)).redFlag).toBe(false);
  });
});

describe("the expert's list", () => {
  test('flags a red-flag response and lists it first, ahead of newer ones', async () => {
    const flagged = await respond();
    await answer(flagged, { chest: 'pressing' });
    const calm = await respond();
    await answer(calm, { chest: 'none' });
    const items = z.array(ZExpertSurveyItem).parse(await okData(nurse.browser.fetch('/api/survey-expert/surveys?state=answered')));
    const byId = new Map(items.map((i) => [i.responseId, i]));
    expect(byId.get(flagged)!.redFlag).toBe(true);
    expect(byId.get(calm)!.redFlag).toBe(false);
    const firstCalm = items.findIndex((i) => !i.redFlag);
    expect(items.slice(0, firstCalm).every((i) => i.redFlag)).toBe(true);
    expect(items.slice(firstCalm).every((i) => !i.redFlag)).toBe(true);
  });
});

describe("an appointment's before-visit questionnaire with a red flag", () => {
  test('the expert sees the emergency on the appointment and its day, and its chat opens as an emergency', async () => {
    const startsAt = new Date(Date.now() + 60_000);
    const visit = await bookedAppointment(t, espoo, {
      type: 'oneOnOne',
      expertId: nurse.expertId,
      queueId,
      startsAt,
      patients: [{ id: aino.patientId, name: 'Aino' }],
    });
    const calmVisit = await bookedAppointment(t, espoo, {
      type: 'oneOnOne',
      expertId: nurse.expertId,
      queueId,
      startsAt: new Date(startsAt.getTime() + 60 * 60_000),
      patients: [{ id: aino.patientId, name: 'Aino' }],
    });
    const open = await respond(visit.id);
    // Unanswered, nothing is said yet.
    const before = ZAppointmentDetail.parse(await okData(nurse.browser.fetch(`/api/expert/appointments/${visit.id}`)));
    expect(before.urgency).toBeNull();
    expect((await answer(open, { chest: 'pressing' })).redFlag).toBe(true);
    await answer(await respond(calmVisit.id), { chest: 'none' });

    const detail = ZAppointmentDetail.parse(await okData(nurse.browser.fetch(`/api/expert/appointments/${visit.id}`)));
    expect(detail.urgency).toBe('emergency');
    const day = ZExpertSchedule.parse(await okData(nurse.browser.fetch('/api/expert/schedule')));
    const urgencyOf = (id: string) => day.appointments.find((a) => a.id === id)?.urgency;
    expect(urgencyOf(visit.id)).toBe('emergency');
    // The one an hour later may fall on the next day in Helsinki; when listed, it says nothing.
    if (day.appointments.some((a) => a.id === calmVisit.id)) expect(urgencyOf(calmVisit.id)).toBeNull();

    const channel = await okData<ChatChannel>(postJson(aino.browser, '/api/chat/channels', { appointmentId: visit.id }));
    const [row] = await t.database.db.select({ urgency: chatChannels.urgency }).from(chatChannels).where(eq(chatChannels.id, channel.id));
    expect(row!.urgency).toBe('emergency');
  });

  test('an appointment whose questionnaire has no red flag opens its chat with no urgency', async () => {
    const doctor = await chatExpert(t, espoo, queueId, { firstName: 'Leo', lastName: 'Lääkäri' });
    const visit = await bookedAppointment(t, espoo, {
      type: 'oneOnOne',
      expertId: doctor.expertId,
      queueId,
      startsAt: new Date(Date.now() + 2 * 60_000),
      patients: [{ id: aino.patientId, name: 'Aino' }],
    });
    await answer(await respond(visit.id), { chest: 'none', symptoms: ['cough'] });
    const channel = await okData<ChatChannel>(postJson(aino.browser, '/api/chat/channels', { appointmentId: visit.id }));
    const [row] = await t.database.db.select({ urgency: chatChannels.urgency }).from(chatChannels).where(eq(chatChannels.id, channel.id));
    expect(row!.urgency).toBeNull();
  });
});
