import { describe, expect, test } from 'vitest';
import { ZChatCodeResponse } from '@prsp/contracts';
import type { TestBrowser } from '../../test/http-client';
import { HELMI, MATTI } from '../../test/person-codes';
import { expectError, okData, onboard, patientTestApp, postJson } from '../patients/patient.steps';

const ctx = patientTestApp();

const code = (b: TestBrowser, c: string) => postJson(b, `/api/services/chatCode/${encodeURIComponent(c)}`);

describe('POST /api/services/chatCode/{code}', () => {
  test.each([
    ['PHYSIO2026', 200, 200],
    ['  physio2026 ', 200, 200],
    ['FUTURE2099', 400, 202],
    ['EXPIRED2020', 400, 203],
    ['USED0001', 409, 204],
    ['NOSUCHCODE', 400, 201],
  ])('%s in espoo-demo answers %i/%i', async (typed, http, statusCode) => {
    const browser = await ctx.signedIn(MATTI);
    await onboard(browser, ctx.espoo.id);
    if (statusCode !== 200) return void (await expectError(code(browser, typed), http, statusCode));
    const res = ZChatCodeResponse.parse(await okData(code(browser, typed)));
    expect(res).toMatchObject({ chatQueueId: 'espoo-physio', serviceName: { fi: 'Fysioterapeutti' }, mandatorySelfAssessment: false });
  });

  test('a code not open yet (202) says from when it is valid: retryAt is its group start, also as Retry-After', async () => {
    const browser = await ctx.signedIn(MATTI);
    await onboard(browser, ctx.espoo.id);
    const res = await code(browser, 'FUTURE2099');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await expectError(res, 400, 202);
    expect(body).toMatchObject({ errorKey: 'errors.codeNotOpenYet', retryAt: '2099-01-01T00:00:00.000Z' });
  });

  test('a code of the other organisation is not valid (201), whatever its state', async () => {
    const browser = await ctx.signedIn(HELMI);
    await onboard(browser, ctx.kaarina.id);
    for (const c of ['PHYSIO2026', 'FUTURE2099', 'EXPIRED2020', 'USED0001']) await expectError(code(browser, c), 400, 201);
  });

  test('not signed in: 101; a code too long: 400', async () => {
    await expectError(code(await ctx.anonymous(), 'PHYSIO2026'), 401, 101);
    const browser = await ctx.signedIn(MATTI);
    await expectError(code(browser, 'X'.repeat(65)), 400, 400);
  });

  test('guessing is rate-limited per address: the 31st try within a minute answers 429', async () => {
    const headers = { origin: ctx.t.baseUrl, 'x-csrf-token': 'tok', cookie: 'prsp_csrf=tok' };
    const attempt = () => ctx.t.app.inject({ method: 'POST', url: '/api/services/chatCode/GUESS', headers, remoteAddress: '10.7.7.7' });
    for (let i = 0; i < 30; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, errorKey: 'errors.tooManyRequests' });
  });
});
