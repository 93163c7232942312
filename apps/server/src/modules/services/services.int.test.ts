import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod/mini';
import { ZChatCodeResponse, ZPendingSurvey, ZServicesResponse, type ServicesResponse } from '@prsp/contracts';
import { appointments, surveyResponses } from '../../db/schema';
import { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  actFor,
  AINO,
  ELIAS,
  expectError,
  HELMI,
  LILJA,
  MATTI,
  okData,
  onboard,
  organisationBySlug,
  patientIdOf,
  postJson,
  SARA,
  setFlags,
  signedIn,
} from '../patients/patient-test-steps';

let t: TestApp;
let espooId: string;
let kaarinaId: string;
beforeAll(async () => {
  t = await startTestApp();
  espooId = (await organisationBySlug(t, 'espoo-demo')).id;
  kaarinaId = (await organisationBySlug(t, 'kaarina-demo')).id;
});
afterAll(() => t.close());

const MIN = 60_000;
const code = (b: TestBrowser, c: string) => postJson(b, `/api/services/chatCode/${encodeURIComponent(c)}`);

async function anonymous() {
  const browser = new TestBrowser(t.baseUrl);
  await browser.fetch('/api/list/countries');
  return browser;
}

describe('GET /api/services', () => {
  test('open and chat-code services of the organisation, self-assessment by the connector flag', async () => {
    const browser = await signedIn(t, MATTI);
    await onboard(browser, espooId);
    const res = ZServicesResponse.parse(await okData(browser.fetch('/api/services')));
    expect(res.openServices.map((s) => [s.serviceName.en, s.serviceImage, s.mandatorySelfAssessment, s.optionalSelfAssessment])).toEqual([
      ['Doctor appointment', 'doctor', true, false],
      ['Nurse chat', 'nurse', false, true],
    ]);
    expect(res.openServices[1]).toMatchObject({
      chatQueueId: 'espoo-nurse',
      serviceDescription: { fi: 'Kysy sairaanhoitajalta arjen terveysasioista.' },
    });
    expect(res.chatCodeServices.map((s) => s.chatQueueId)).toEqual(['espoo-physio']);
    expect(res.appointments).toEqual([]);

    const restore = await setFlags(t, espooId, { htaConnectorEnabled: false });
    try {
      const off = await okData<ServicesResponse>(browser.fetch('/api/services'));
      expect(off.openServices.every((s) => !s.mandatorySelfAssessment && !s.optionalSelfAssessment)).toBe(true);
    } finally {
      await restore();
    }
  });

  test('appointments: own, booked, not yet ended, in this organisation, by start; none when bookings are off', async () => {
    const browser = await signedIn(t, SARA);
    await onboard(browser, espooId);
    const sara = await patientIdOf(t, SARA);
    const now = Date.now();
    const at = (minutes: number) => new Date(Math.floor((now + minutes * MIN) / 1000) * 1000);
    const base = { organisationId: espooId, patientId: sara, type: 'oneOnOne' as const, status: 'booked' as const, durationMinutes: 30 };
    await t.database.db.insert(appointments).values([
      {
        ...base,
        name: 'later',
        startsAt: at(3 * 24 * 60),
        status: 'selfBooked',
        queueId: 'q',
        audienceId: 'a',
        preQuestionnaire: [{ id: 'q1' }],
      },
      { ...base, name: 'ongoing', startsAt: at(-10) },
      { ...base, name: 'ended', startsAt: at(-120) },
      { ...base, name: 'cancelled', startsAt: at(60), status: 'cancelled' },
      { ...base, name: 'open slot', startsAt: at(60), status: 'open', patientId: null },
      { ...base, name: 'other patient', startsAt: at(60), patientId: await patientIdOf(t, ELIAS) },
      { ...base, name: 'other organisation', startsAt: at(60), organisationId: kaarinaId },
      { ...base, name: 'soon', startsAt: at(90), type: 'group' },
    ]);
    const res = await okData<ServicesResponse>(browser.fetch('/api/services'));
    expect(res.appointments.map((a) => a.name)).toEqual(['ongoing', 'soon', 'later']);
    expect(res.appointments[2]).toEqual({
      uuid: expect.any(String),
      name: 'later',
      startTime: at(3 * 24 * 60).getTime(),
      duration: 30,
      type: 'oneOnOne',
      queueId: 'q',
      audienceId: 'a',
      surveys: [],
      preQuestionnaire: [{ id: 'q1' }],
    });

    const restore = await setFlags(t, espooId, { bookingsEnabled: false });
    try {
      expect((await okData<ServicesResponse>(browser.fetch('/api/services'))).appointments).toEqual([]);
    } finally {
      await restore();
    }
    // Another patient sees none of these.
    const other = await signedIn(t, HELMI);
    await onboard(other, espooId);
    expect((await okData<ServicesResponse>(other.fetch('/api/services'))).appointments).toEqual([]);
  });

  test('the other organisation’s services; its flags (bookings off, connector off)', async () => {
    const browser = await signedIn(t, HELMI);
    await onboard(browser, kaarinaId);
    const res = await okData<ServicesResponse>(browser.fetch('/api/services'));
    expect(res.openServices.map((s) => s.chatQueueId)).toEqual(['kaarina-child', 'kaarina-therapy']); // Lastenneuvola, Mielenterveysneuvonta
    expect(res.chatCodeServices).toEqual([]);
  });

  test('refusals: 101 signed out, 404 without organisation, 403 without terms, 403 with remote reception off', async () => {
    await expectError(new TestBrowser(t.baseUrl).fetch('/api/services'), 401, 101);
    const browser = await signedIn(t, LILJA);
    await expectError(browser.fetch('/api/services'), 404, 404);
    await okData(postJson(browser, '/api/organisations/select', { selectedOrganisation: espooId }));
    await expectError(browser.fetch('/api/services'), 403, 403);
    await okData(postJson(browser, '/api/terms/accept'));
    const restore = await setFlags(t, espooId, { remoteReceptionEnabled: false });
    try {
      await expectError(browser.fetch('/api/services'), 403, 403);
      await expectError(code(browser, 'PHYSIO2026'), 403, 403);
    } finally {
      await restore();
    }
  });
});

describe('POST /api/services/chatCode/{code}', () => {
  test.each([
    ['PHYSIO2026', 200, 200],
    ['  physio2026 ', 200, 200],
    ['FUTURE2099', 400, 202],
    ['EXPIRED2020', 400, 203],
    ['USED0001', 409, 204],
    ['NOSUCHCODE', 400, 201],
  ])('%s in espoo-demo answers %i/%i', async (typed, http, statusCode) => {
    const browser = await signedIn(t, MATTI);
    await onboard(browser, espooId);
    if (statusCode !== 200) return void (await expectError(code(browser, typed), http, statusCode));
    const res = ZChatCodeResponse.parse(await okData(code(browser, typed)));
    expect(res).toMatchObject({ chatQueueId: 'espoo-physio', serviceName: { fi: 'Fysioterapeutti' }, mandatorySelfAssessment: false });
  });

  test('a code of the other organisation is not valid (201), whatever its state', async () => {
    const browser = await signedIn(t, HELMI);
    await onboard(browser, kaarinaId);
    for (const c of ['PHYSIO2026', 'FUTURE2099', 'EXPIRED2020', 'USED0001']) await expectError(code(browser, c), 400, 201);
  });

  test('not signed in: 101; a code too long: 400', async () => {
    await expectError(code(await anonymous(), 'PHYSIO2026'), 401, 101);
    const browser = await signedIn(t, MATTI);
    await expectError(code(browser, 'X'.repeat(65)), 400, 400);
  });

  test('guessing is rate-limited per address: the 31st try within a minute answers 429', async () => {
    const headers = { origin: t.baseUrl, 'x-csrf-token': 'tok', cookie: 'prsp_csrf=tok' };
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/services/chatCode/GUESS', headers, remoteAddress: '10.7.7.7' });
    for (let i = 0; i < 30; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, errorKey: 'errors.tooManyRequests' });
  });
});

describe('GET /api/surveys/pending', () => {
  test('the effective patient’s unanswered surveys in the selected organisation only', async () => {
    const aino = await patientIdOf(t, AINO);
    const elias = await patientIdOf(t, ELIAS);
    const name = (n: string) => ({ fi: n, se: n, en: n });
    const [pending] = await t.database.db
      .insert(surveyResponses)
      .values([
        { organisationId: espooId, patientId: elias, surveyName: name('pending') },
        { organisationId: espooId, patientId: elias, surveyName: name('answered'), respondedAt: new Date() },
        { organisationId: kaarinaId, patientId: elias, surveyName: name('elsewhere') },
        { organisationId: espooId, patientId: aino, surveyName: name('aino’s own') },
      ])
      .returning({ id: surveyResponses.id });
    const browser = await signedIn(t, AINO);
    await onboard(browser, espooId);
    const own = z.array(ZPendingSurvey).parse(await okData(browser.fetch('/api/surveys/pending')));
    expect(own.map((s) => s.survey_name.fi)).toEqual(['aino’s own']);
    await actFor(t, browser, ELIAS);
    await onboard(browser, espooId);
    expect(await okData(browser.fetch('/api/surveys/pending'))).toEqual([{ response_id: pending!.id, survey_name: name('pending') }]);
  });

  test('refusals: 101 signed out, 404 without organisation, 403 without terms', async () => {
    await expectError(new TestBrowser(t.baseUrl).fetch('/api/surveys/pending'), 401, 101);
    // A person the seed does not know: no organisation chosen yet.
    const fresh = await signedIn(t, '010160W1359');
    await expectError(fresh.fetch('/api/surveys/pending'), 404, 404);
    await okData(postJson(fresh, '/api/organisations/select', { selectedOrganisation: kaarinaId }));
    await expectError(fresh.fetch('/api/surveys/pending'), 403, 403);
  });
});
