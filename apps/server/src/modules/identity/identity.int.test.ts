import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { sha256 } from '../../platform/crypto/tokens';
import { auditLog } from '../../platform/audit/audit.tables';
import { TestBrowser } from '../../test/http-client';
import { reachCallback, setCookieAttributes } from '../../test/login.steps';
import { startTestApp, type TestApp } from '../../test/test-app';
import { patients, sessions } from '../../db/schema';
import { loginFlows } from './identity.tables';

// A person the demo seed does not know: the sign-in itself must create them.
const NEW_PERSON = { ssn: '010160W1359', givenName: 'Veikko', familyName: 'Testinen' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const cipher = () => createFieldCipher(t.config.dataKey);
const patientRows = (ssn: string) =>
  t.database.db
    .select()
    .from(patients)
    .where(eq(patients.ssnHash, cipher().keyedHash(ssn)));

/** A fresh browser holding only the given session token. */
function browserWithToken(token: string): TestBrowser {
  const browser = new TestBrowser(t.baseUrl);
  browser.setCookie('prsp_session', token);
  return browser;
}

async function expectNotAuthenticated(browser: TestBrowser) {
  const res = await browser.fetch('/api/auth/check');
  expect(res.status).toBe(401);
  expect(await res.json()).toMatchObject({ status: 'error', statusCode: 101, errorKey: 'errors.notAuthenticated' });
}

describe('a first sign-in', () => {
  let browser: TestBrowser;
  let callback: Response;

  beforeAll(async () => {
    expect(await patientRows(NEW_PERSON.ssn)).toHaveLength(0);
    browser = new TestBrowser(t.baseUrl);
    const url = await reachCallback(browser, NEW_PERSON.ssn, NEW_PERSON);
    callback = await browser.fetch(url);
  });

  test('the callback sends the browser home with an HttpOnly, SameSite=Lax session cookie', () => {
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toBe('/');
    const cookie = setCookieAttributes(callback, 'prsp_session');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attrs.has('httponly')).toBe(true);
    expect(cookie?.attrs.get('samesite')).toBe('Lax');
    expect(cookie?.attrs.get('path')).toBe('/');
    expect(cookie?.attrs.get('max-age')).toBe(String(12 * 60 * 60));
    // Plain http in tests: Secure and the __Host- prefix are for production.
    expect(cookie?.attrs.has('secure')).toBe(false);
    // The one-time login state cookie is cleared.
    expect(setCookieAttributes(callback, 'prsp_login')?.attrs.get('max-age')).toBe('0');
  });

  test('the session is alive and the user info names the person', async () => {
    const check = await browser.fetch('/api/auth/check');
    expect(check.status).toBe(200);
    const { data } = await check.json();
    expect(data.authenticated).toBe(true);
    const hoursLeft = (Date.parse(data.expiresAt) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(11.9);
    expect(hoursLeft).toBeLessThanOrEqual(12);

    const info = await browser.fetch('/api/user/info');
    expect(await info.json()).toEqual({
      status: 'ok',
      statusCode: 200,
      data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), firstName: 'Veikko', lastName: 'Testinen' },
    });
  });

  test('the patient row keeps the identity code encrypted beside its keyed hash', async () => {
    const rows = await patientRows(NEW_PERSON.ssn);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.ssnHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.ssnEncrypted).not.toBe(NEW_PERSON.ssn);
    expect(row.ssnEncrypted).not.toContain('010160');
    expect(cipher().decrypt(row.ssnEncrypted)).toBe(NEW_PERSON.ssn);
    expect(row.lastLoginAt).toBeInstanceOf(Date);
    const { data } = await (await browser.fetch('/api/user/info')).json();
    expect(data.id).toBe(row.id);
  });

  test('the sessions table holds the hash of the cookie token, never the token', async () => {
    const token = browser.cookie('prsp_session')!;
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(row).toBeDefined();
    const [patient] = await patientRows(NEW_PERSON.ssn);
    expect(row!.patientId).toBe(patient!.id);
    expect(JSON.stringify(await t.database.db.select().from(sessions))).not.toContain(token);
  });

  test('the audit log records patient.login by ids only', async () => {
    const [patient] = await patientRows(NEW_PERSON.ssn);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, patient!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorType: 'patient', action: 'patient.login', objectType: 'session' });
    const token = browser.cookie('prsp_session')!;
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(rows[0]!.objectId).toBe(session!.id);
    const everything = JSON.stringify(await t.database.db.select().from(auditLog));
    for (const secret of [NEW_PERSON.ssn, '010160', 'Veikko', 'Testinen', token]) expect(everything).not.toContain(secret);
  });
});

describe('the stripped token', () => {
  // Born on 1 January, so the age is this year minus the birth year whatever the date of the run.
  test.each([
    ['010160W1359', 1960, 'male'],
    ['010190-124N', 1990, 'female'],
  ])('%s: age and gender from the code, a JWT naming the patient by id only', async (ssn, birthYear, gender) => {
    const browser = new TestBrowser(t.baseUrl);
    await browser.signIn(ssn);
    const { data: user } = await (await browser.fetch('/api/user/info')).json();

    const res = await browser.fetch('/api/user/stripped-token');
    expect(res.status).toBe(200);
    const text = await res.text();
    const { data } = JSON.parse(text);
    expect(data.age).toBe(new Date().getUTCFullYear() - birthYear);
    expect(data.gender).toBe(gender);

    const claims = decodeJwt(data.token);
    expect(decodeProtectedHeader(data.token).alg).toBe('HS256');
    expect(claims.sub).toBe(user.id);
    expect(claims.aud).toBe('health-assessment');
    expect(claims).toMatchObject({ age: data.age, gender });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(Math.abs(claims.iat! - Date.now() / 1000)).toBeLessThan(60);
    for (const secret of [ssn, ssn.slice(0, 6), user.firstName, user.lastName]) {
      expect(JSON.stringify(claims)).not.toContain(secret);
      expect(text).not.toContain(secret);
    }
    // Signed with the key the server derives from DATA_KEY; a wrong key fails.
    const key = createHash('sha256').update(`stripped-token:${t.config.dataKey}`).digest();
    await expect(jwtVerify(data.token, key, { audience: 'health-assessment' })).resolves.toBeDefined();
    await expect(jwtVerify(data.token, new Uint8Array(32), { audience: 'health-assessment' })).rejects.toThrow();
  });
});

describe('session lifecycle', () => {
  test('a second sign-in issues a new token and the old one stops working', async () => {
    const browser = new TestBrowser(t.baseUrl);
    await browser.signIn('150375-257R');
    const first = browser.cookie('prsp_session')!;

    // The provider asks to identify again (prompt=login) even though it remembers the person.
    const again = await browser.fetch(await reachCallback(browser, '150375-257R'));
    expect(again.status).toBe(303);
    const second = setCookieAttributes(again, 'prsp_session')?.value;
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    await expectNotAuthenticated(browserWithToken(first));
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(first))),
    ).toHaveLength(0);
    expect((await browserWithToken(second!).fetch('/api/user/info')).status).toBe(200);
  });

  test('logout destroys the session and clears the cookie', async () => {
    const browser = new TestBrowser(t.baseUrl);
    await browser.signIn('230450Y302P');
    const token = browser.cookie('prsp_session')!;
    const { data: user } = await (await browser.fetch('/api/user/info')).json();

    const res = await browser.fetch('/api/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    // The answer is the provider's end-session request, posted next so the identification ends too
    // (identification-freshness.int.test.ts); the ID token travels in its body, the URL holds nothing of the person.
    expect(await res.json()).toEqual({
      status: 'ok',
      statusCode: 200,
      data: {
        endSession: {
          url: `${t.config.oidc.issuer}/session/end`,
          params: expect.objectContaining({ id_token_hint: expect.any(String), client_id: t.config.oidc.clientId }),
        },
      },
    });
    expect(setCookieAttributes(res, 'prsp_session')?.value).toBe('');
    expect(browser.cookie('prsp_session')).toBeUndefined();

    await expectNotAuthenticated(browserWithToken(token));
    await expectNotAuthenticated(browser);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['patient.login', 'patient.logout']);
  });

  test('logout without a session still answers ok (nothing to destroy)', async () => {
    const browser = new TestBrowser(t.baseUrl);
    await browser.fetch('/api/auth/check'); // a GET hands out the CSRF cookie
    const res = await browser.fetch('/api/logout', { method: 'POST' });
    expect(res.status).toBe(200);
  });
});

describe('failed sign-ins', () => {
  test('a typed invalid identity code ends at /?error=invalidSsn with no session and no patient', async () => {
    const browser = new TestBrowser(t.baseUrl);
    const { url } = await browser.signIn('010190-123X');
    expect(new URL(url).pathname).toBe('/');
    expect(new URL(url).search).toBe('?error=invalidSsn');
    expect(browser.cookie('prsp_session')).toBeUndefined();
    expect(await patientRows('010190-123X')).toHaveLength(0);
  });

  test.each([
    ['a state cookie of another flow', 'forged-state-value'],
    ['an empty state cookie', ''],
  ])('a callback with %s ends at /?error=loginFailed', async (_name, cookieValue) => {
    const browser = new TestBrowser(t.baseUrl);
    const url = await reachCallback(browser, '010190-124N');
    expect(browser.cookie('prsp_login')).toBe(new URL(url).searchParams.get('state'));
    browser.setCookie('prsp_login', cookieValue);
    const res = await browser.fetch(url);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?error=loginFailed');
    expect(setCookieAttributes(res, 'prsp_session')).toBeUndefined();
  });

  test('replaying a callback URL fails the second time, even with its state cookie', async () => {
    const browser = new TestBrowser(t.baseUrl);
    const url = await reachCallback(browser, '010190-124N');
    const state = browser.cookie('prsp_login')!;
    const first = await browser.fetch(url);
    expect(first.headers.get('location')).toBe('/');
    expect(setCookieAttributes(first, 'prsp_session')).toBeDefined();

    const attacker = new TestBrowser(t.baseUrl);
    attacker.setCookie('prsp_login', state);
    const replay = await attacker.fetch(url);
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toBe('/?error=loginFailed');
    expect(setCookieAttributes(replay, 'prsp_session')).toBeUndefined();
    // The rightful session is untouched.
    expect((await browser.fetch('/api/auth/check')).status).toBe(200);
  });
});

describe('sign-ins never finished', () => {
  test('the sweep removes a flow older than ten minutes and keeps a fresh one; the old one could not finish anyway', async () => {
    const abandoned = new TestBrowser(t.baseUrl);
    const abandonedUrl = await reachCallback(abandoned, '010190-124N');
    const fresh = new TestBrowser(t.baseUrl);
    await reachCallback(fresh, '010190-124N');
    const hashOf = (b: TestBrowser) => sha256(b.cookie('prsp_login')!);
    await t.database.db
      .update(loginFlows)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(loginFlows.stateHash, hashOf(abandoned)));

    const run = await t.app.jobs.runOnce({ kinds: ['identity.loginFlows.purge'] });
    expect(run.failed).toBe(0);
    const left = await t.database.db.select({ stateHash: loginFlows.stateHash }).from(loginFlows);
    expect(left.map((r) => r.stateHash)).toContain(hashOf(fresh));
    expect(left.map((r) => r.stateHash)).not.toContain(hashOf(abandoned));
    const late = await abandoned.fetch(abandonedUrl);
    expect(late.headers.get('location')).toBe('/?error=loginFailed');
  });
});

describe('a person who cancels at the identity broker', () => {
  test('the callback sends the browser to /?error=loginCancelled, not loginFailed, and signs no one in', async () => {
    const browser = new TestBrowser(t.baseUrl);
    let url = new URL('/api/login', t.baseUrl).href;
    let res = await browser.fetch(url);
    // Follow the redirects to the provider's own page, then press its cancel (an OIDC error=access_denied).
    while (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      res = await browser.fetch(url);
    }
    expect(new URL(url).pathname).toMatch(/^\/test-idp\/interaction\/[^/]+$/);
    res = await browser.fetch(`${url}/abort`, { method: 'POST', csrf: false });
    while (res.status >= 300 && res.status < 400 && new URL(url).pathname !== '/api/login/callback') {
      url = new URL(res.headers.get('location')!, url).href;
      res = await browser.fetch(url);
    }
    expect(new URL(url).searchParams.get('error')).toBe('access_denied');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?error=loginCancelled');
    expect(setCookieAttributes(res, 'prsp_session')).toBeUndefined();
  });
});
