import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sha256 } from '../crypto/tokens';
import { TestBrowser } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/test-app';
import { sessions } from './sessions.tables';

const PATIENT_ROUTES = ['/api/auth/check', '/api/user/info', '/api/user/stripped-token'];
const NOT_AUTHENTICATED = {
  fi: 'Et ole kirjautunut tai istuntosi on vanhentunut.',
  se: 'Du är inte inloggad eller din session har gått ut.',
  en: 'Not authenticated or the session has expired.',
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function expect101(res: Response, message = NOT_AUTHENTICATED.fi) {
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ status: 'error', statusCode: 101, errorKey: 'errors.notAuthenticated', message });
}

async function signedIn(app: TestApp, ssn = '010190-124N'): Promise<{ browser: TestBrowser; token: string }> {
  const browser = new TestBrowser(app.baseUrl);
  await browser.signIn(ssn);
  const token = browser.cookie('prsp_session');
  if (!token) throw new Error('sign-in gave no session');
  return { browser, token };
}

const setSession = (app: TestApp, token: string, values: Partial<typeof sessions.$inferInsert>) =>
  app.database.db
    .update(sessions)
    .set(values)
    .where(eq(sessions.tokenHash, sha256(token)));

const sessionRows = (app: TestApp, token: string) =>
  app.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(token)));

describe('patient routes without a session', () => {
  test.each(PATIENT_ROUTES)('%s answers 401 with statusCode 101 in Finnish by default', async (path) => {
    await expect101(await new TestBrowser(t.baseUrl).fetch(path));
  });

  test.each(PATIENT_ROUTES)('%s with an unknown session token answers 101', async (path) => {
    const browser = new TestBrowser(t.baseUrl);
    browser.setCookie('prsp_session', 'x'.repeat(43));
    await expect101(await browser.fetch(path));
  });

  test.each([
    ['?lang=en', {}, NOT_AUTHENTICATED.en],
    ['?lang=EN', {}, NOT_AUTHENTICATED.en],
    ['?lang=sv', {}, NOT_AUTHENTICATED.se],
    ['?lang=se', {}, NOT_AUTHENTICATED.se],
    ['?lang=fi', { language: 'en' }, NOT_AUTHENTICATED.fi],
    ['', { language: 'en' }, NOT_AUTHENTICATED.en],
    ['', { language: 'sv' }, NOT_AUTHENTICATED.se],
    ['?lang=de', {}, NOT_AUTHENTICATED.fi],
    ['?lang=de', { language: 'en' }, NOT_AUTHENTICATED.en],
  ])('query %j with cookies %j: %s', async (query, cookies: Record<string, string>, message) => {
    const browser = new TestBrowser(t.baseUrl);
    for (const [name, value] of Object.entries(cookies)) browser.setCookie(name, value);
    await expect101(await browser.fetch(`/api/user/info${query}`), message);
  });
});

describe('session expiry', () => {
  test('idle 29 minutes is still alive', async () => {
    const { browser, token } = await signedIn(t);
    await setSession(t, token, { lastSeenAt: new Date(Date.now() - 29 * 60_000) });
    expect((await browser.fetch('/api/auth/check')).status).toBe(200);
    // The request counts as activity: last seen moves up to now.
    const [row] = await sessionRows(t, token);
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  test('idle 31 minutes: 101, and the row is deleted', async () => {
    const { browser, token } = await signedIn(t);
    await setSession(t, token, { lastSeenAt: new Date(Date.now() - 31 * 60_000) });
    await expect101(await browser.fetch('/api/auth/check'));
    expect(await sessionRows(t, token)).toHaveLength(0);
    await expect101(await browser.fetch('/api/user/info'));
  });

  test('past the absolute expiry: 101 even though just used', async () => {
    const { browser, token } = await signedIn(t);
    expect((await browser.fetch('/api/user/info')).status).toBe(200);
    await setSession(t, token, { expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() });
    await expect101(await browser.fetch('/api/user/info'));
    expect(await sessionRows(t, token)).toHaveLength(0);
  });

  test('the absolute expiry is 12 hours after sign-in', async () => {
    const { token } = await signedIn(t);
    const [row] = await sessionRows(t, token);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(12 * 60 * 60 * 1000);
  });
});

// With the read-model cache too, as production runs: the session row comes from memory, and a copy due a touch is
// read again and touched, so idle and expiry come out the same. The four tests wait out the idle limit side by side,
// each on a session of its own (an app per variant).
describe.concurrent.each([
  ['without the cache', '0'],
  ['with the cache', '60'],
])('with SESSION_IDLE_SECONDS=2 (real time), %s', (_name, ttl) => {
  let short: TestApp;
  beforeAll(async () => {
    short = await startTestApp({ SESSION_IDLE_SECONDS: '2', READ_MODEL_CACHE_TTL_SECONDS: ttl });
  });
  afterAll(() => short.close());

  test('a session unused for more than 2 seconds answers 101', async () => {
    const { browser } = await signedIn(short);
    expect((await browser.fetch('/api/auth/check')).status).toBe(200);
    await sleep(2500);
    await expect101(await browser.fetch('/api/auth/check'));
  });

  test('a session in use every half second outlives the idle limit', async () => {
    const { browser } = await signedIn(short);
    const started = Date.now();
    while (Date.now() - started < 4000) {
      await sleep(500);
      expect((await browser.fetch('/api/auth/check')).status).toBe(200);
    }
    await sleep(2500);
    await expect101(await browser.fetch('/api/auth/check'));
  });
});
