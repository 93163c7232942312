import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { ZRunnerSurvey, ZSurveyTokenResponse, type RunnerSurvey, type SurveyTokenResponse } from '@prsp/contracts';
import { appointments, auditLog, surveyResponses, surveyTokens } from '../../db/schema';
import { AINO, ELIAS, MATTI } from '../../test/person-codes';
import type { TestBrowser } from '../../test/http-client';
import { expectError, okData, onboard, patientTestApp } from '../patients/patient.steps';
import { bookingExpert } from '../booking/booking.steps';
import { issueSurveyToken } from './survey-tokens';
import { makeResponse, makeTemplate } from './survey.steps';

const ctx = patientTestApp();
let aino: TestBrowser;
let matti: TestBrowser;
let versionId: string;

beforeAll(async () => {
  aino = await ctx.signedIn(AINO);
  await onboard(aino, ctx.espoo.id);
  matti = await ctx.signedIn(MATTI);
  await onboard(matti, ctx.espoo.id);
  ({ versionId } = await makeTemplate(ctx.db, ctx.espoo.id));
});

const newResponse = async (ssn = AINO) => makeResponse(ctx.db, ctx.espoo.id, await ctx.patientIdOf(ssn), versionId);

async function tokenFor(browser: TestBrowser, responseId: string): Promise<SurveyTokenResponse> {
  return ZSurveyTokenResponse.parse(await okData(browser.fetch(`/api/survey/token/${responseId}`)));
}

/** The runner's calls as the sandboxed frame makes them: the bearer token, `Origin: null`, no cookie. */
function runner(path: string, token: string | null, body?: unknown): Promise<Response> {
  return fetch(new URL(`/api/survey-runner/${path}`, ctx.t.baseUrl), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      origin: 'null',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const closeFor = (browser: TestBrowser, responseId: string) =>
  browser.fetch(`/api/survey/close/${responseId}`, {
    headers: { 'x-csrf-token': browser.cookie('prsp_csrf') ?? '', origin: ctx.t.baseUrl },
  });

describe('GET /api/survey/token/:responseId', () => {
  test("the patient's own response: the runner's address, a token and the organisation's colours", async () => {
    const id = await newResponse();
    const answer = await tokenFor(aino, id);
    expect(answer.url).toBe(`${ctx.t.baseUrl}/survey-runner`);
    expect(answer.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.theme).toEqual({ primaryColor: ctx.espoo.primaryColor, backgroundColor: ctx.espoo.backgroundColor });
    // Only the token's hash is kept, bound to this response and this patient.
    const [row] = await ctx.db.select().from(surveyTokens).where(eq(surveyTokens.responseId, id));
    expect(row).toMatchObject({ audience: 'patient', patientId: await ctx.patientIdOf(AINO), language: 'fi' });
    expect(row!.tokenHash).not.toContain(answer.token);
  });

  test('it says which visit the survey is about: the appointment and its professional, or when it was sent (issue 29)', async () => {
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'nurse');
    const startsAt = new Date('2026-11-30T08:00:00Z');
    const [appointment] = await ctx.db
      .insert(appointments)
      .values({
        organisationId: ctx.espoo.id,
        expertId: expert.id,
        name: expert.name,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        type: 'oneOnOne',
        status: 'booked',
      })
      .returning({ id: appointments.id });
    const id = await newResponse();
    await ctx.db.update(surveyResponses).set({ appointmentId: appointment!.id, expertId: expert.id }).where(eq(surveyResponses.id, id));
    const [row] = await ctx.db.select({ createdAt: surveyResponses.createdAt }).from(surveyResponses).where(eq(surveyResponses.id, id));
    expect((await tokenFor(aino, id)).about).toEqual({
      appointmentAt: startsAt.getTime(),
      sentAt: row!.createdAt.getTime(),
      professional: 'Ritva Varaaja',
    });
    // Sent without an appointment or a known expert: only when it was sent.
    const plain = await newResponse();
    expect((await tokenFor(aino, plain)).about).toMatchObject({ appointmentAt: null, professional: null });
  });

  test("another patient's response, an unknown one and a malformed id are refused", async () => {
    const elsewhere = await newResponse(MATTI);
    await expectError(aino.fetch(`/api/survey/token/${elsewhere}`), 404, 404);
    await expectError(aino.fetch('/api/survey/token/00000000-0000-4000-8000-000000000000'), 404, 404);
    await expectError(aino.fetch('/api/survey/token/not-a-uuid'), 400, 400);
    await expectError(ctx.guest().fetch(`/api/survey/token/${elsewhere}`), 401, 101);
  });

  test('acting on behalf, the token is for the principal’s response', async () => {
    const browser = await ctx.signedIn(AINO);
    await ctx.actFor(browser, ELIAS);
    await onboard(browser, ctx.espoo.id);
    const own = await newResponse(ELIAS);
    expect((await tokenFor(browser, own)).token).toBeTruthy();
    await expectError(browser.fetch(`/api/survey/token/${await newResponse(AINO)}`), 404, 404);
  });
});

describe('the runner API', () => {
  test('reads the survey with the token alone and answers CORS for the sandbox, without credentials', async () => {
    const id = await newResponse();
    const { token } = await tokenFor(aino, id);
    const res = await runner('survey', token);
    expect(res.headers.get('access-control-allow-origin')).toBe('null');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const survey: RunnerSurvey = ZRunnerSurvey.parse(await okData(res));
    expect(survey).toMatchObject({ responseId: id, audience: 'patient', language: 'fi', readOnly: false, closed: false, answers: null });
    expect(survey.questions.map((q) => q.id)).toEqual(['pain', 'where', 'mood']);

    const preflight = await fetch(new URL('/api/survey-runner/answers', ctx.t.baseUrl), {
      method: 'OPTIONS',
      headers: { origin: 'null', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('null');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    // No other origin is answered, and no other route answers CORS.
    const other = await fetch(new URL('/api/survey-runner/survey', ctx.t.baseUrl), {
      headers: { origin: 'https://evil.example', authorization: `Bearer ${token}` },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const pending = await fetch(new URL('/api/surveys/pending', ctx.t.baseUrl), { headers: { origin: 'null' } });
    expect(pending.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('no token, an unknown one, an expired one and a session cookie instead are refused with 101', async () => {
    const id = await newResponse();
    await expectError(runner('survey', null), 401, 101);
    await expectError(runner('survey', 'x'.repeat(43)), 401, 101);
    const expired = await issueSurveyToken(ctx.db, {
      responseId: id,
      audience: 'patient',
      patientId: await ctx.patientIdOf(AINO),
      language: 'fi',
      now: new Date(Date.now() - 2 * 60 * 60_000),
    });
    await expectError(runner('survey', expired.token), 401, 101);
    await expectError(aino.fetch('/api/survey-runner/survey'), 401, 101);
    await expectError(
      aino.fetch('/api/survey-runner/answers', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }),
      401,
      101,
    );
  });

  test("a token answers only its own response: another response's token reads that one, never this one", async () => {
    const mine = await newResponse();
    const other = await newResponse();
    const { token } = await tokenFor(aino, other);
    expect(ZRunnerSurvey.parse(await okData(runner('survey', token))).responseId).toBe(other);
    await okData(runner('answers', token, { answers: { pain: 'no' } }));
    const [row] = await ctx.db.select().from(surveyResponses).where(eq(surveyResponses.id, mine));
    expect(row!.respondedAt).toBeNull();
  });

  test('answers are checked against the version asked: required ones, valid values, hidden questions dropped', async () => {
    const id = await newResponse();
    const { token } = await tokenFor(aino, id);
    const missing = await expectError(runner('answers', token, { answers: { pain: 'yes' } }), 400, 400);
    expect(missing.fields).toEqual([expect.objectContaining({ field: 'answers.where', messageKey: 'fields.required' })]);
    const invalid = await expectError(runner('answers', token, { answers: { pain: 'maybe', mood: 11 } }), 400, 400);
    expect(invalid.fields?.map((f) => [f.field, f.messageKey])).toEqual([
      ['answers.pain', 'fields.invalid'],
      ['answers.mood', 'fields.invalid'],
    ]);
    await expectError(runner('answers', token, { answers: 'all good' }), 400, 400);

    // 'where' is shown only after 'yes': its answer does not count and is not stored.
    const sent = await okData<{ respondedAt: string }>(runner('answers', token, { answers: { pain: 'no', where: 'polvi', mood: 7 } }));
    const [row] = await ctx.db.select().from(surveyResponses).where(eq(surveyResponses.id, id));
    expect(row).toMatchObject({ answers: { pain: 'no', mood: 7 }, language: 'fi', respondedAt: new Date(sent.respondedAt) });
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.objectId, id))).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'survey.answer', actorType: 'patient' })]),
    );
    // The token is used up; the landing no longer lists the survey.
    await expectError(runner('survey', token), 401, 101);
    await expectError(runner('answers', token, { answers: { pain: 'no' } }), 401, 101);
    const pending = await okData<{ response_id: string }[]>(aino.fetch('/api/surveys/pending'));
    expect(pending.map((p) => p.response_id)).not.toContain(id);

    // A new token shows the answers read-only and takes no second set.
    const again = await tokenFor(aino, id);
    expect(ZRunnerSurvey.parse(await okData(runner('survey', again.token)))).toMatchObject({
      readOnly: true,
      answers: { pain: 'no', mood: 7 },
    });
    await expectError(runner('answers', again.token, { answers: { pain: 'yes', where: 'selkä' } }), 403, 403);
  });

  test("an expert's token reads the answers and is audited, but never answers", async () => {
    const id = await newResponse();
    const expert = await bookingExpert(ctx.t, ctx.espoo.id, 'doctor');
    const { token } = await issueSurveyToken(ctx.db, { responseId: id, audience: 'expert', expertId: expert.id, language: 'en' });
    const survey = ZRunnerSurvey.parse(await okData(runner('survey', token)));
    expect(survey).toMatchObject({ audience: 'expert', readOnly: true, language: 'en', answers: null });
    await expectError(runner('answers', token, { answers: { pain: 'no' } }), 403, 403);
    const [read] = await ctx.db.select().from(auditLog).where(eq(auditLog.objectId, id));
    expect(read).toMatchObject({ action: 'survey.read', actorType: 'staff', actorId: expert.userId });
  });
});

describe('GET /api/survey/close/:responseId', () => {
  test('closes the survey: its patient tokens end, the landing no longer lists it, a new token says closed', async () => {
    const id = await newResponse();
    const { token } = await tokenFor(aino, id);
    await okData(closeFor(aino, id));
    await okData(closeFor(aino, id));
    const [row] = await ctx.db.select().from(surveyResponses).where(eq(surveyResponses.id, id));
    expect(row!.closedAt).not.toBeNull();
    await expectError(runner('survey', token), 401, 101);
    const pending = await okData<{ response_id: string }[]>(aino.fetch('/api/surveys/pending'));
    expect(pending.map((p) => p.response_id)).not.toContain(id);
    const again = await tokenFor(aino, id);
    expect(ZRunnerSurvey.parse(await okData(runner('survey', again.token)))).toMatchObject({ closed: true, readOnly: true });
    await expectError(runner('answers', again.token, { answers: { pain: 'no' } }), 403, 403);
  });

  test("refusals: another patient's survey 404, a close without the CSRF token 403", async () => {
    const id = await newResponse();
    await expectError(closeFor(matti, id), 404, 404);
    await expectError(aino.fetch(`/api/survey/close/${id}`), 403, 403);
    const [row] = await ctx.db.select().from(surveyResponses).where(eq(surveyResponses.id, id));
    expect(row!.closedAt).toBeNull();
  });
});
