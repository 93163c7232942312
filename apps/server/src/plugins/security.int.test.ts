import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { AppError } from '../platform/app-error';
import { startTestApp, type TestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await startTestApp();
  origin = new URL(t.baseUrl).origin;
});
afterAll(() => t.close());

/** The app as `main.ts` builds it, not listening, on a fresh database; for tests that need to add to it or break it. */
async function buildBareApp(): Promise<{ app: FastifyInstance; database: Database }> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TEST_IDP_ENABLED: 'false' });
  const database = await openTestDatabase();
  return { app: await buildApp({ config, database }), database };
}

describe('CSRF: double submit and Origin on mutating /api requests', () => {
  const TOKEN = 'csrf-token-of-this-browser';
  type Case = { origin?: string; referer?: string; header?: string; cookie?: string };
  const ownOrigin = () => origin;

  test.each<[string, () => Case, number]>([
    ['right Origin, header and cookie', () => ({ origin: ownOrigin(), header: TOKEN, cookie: TOKEN }), 200],
    ['no Origin but a Referer from our own site', () => ({ referer: `${ownOrigin()}/somewhere`, header: TOKEN, cookie: TOKEN }), 200],
    ['no header', () => ({ origin: ownOrigin(), cookie: TOKEN }), 403],
    ['header that does not match the cookie', () => ({ origin: ownOrigin(), header: 'another-token', cookie: TOKEN }), 403],
    ['header but no cookie', () => ({ origin: ownOrigin(), header: TOKEN }), 403],
    ['a foreign Origin', () => ({ origin: 'https://evil.example', header: TOKEN, cookie: TOKEN }), 403],
    ['our host on another port', () => ({ origin: 'http://127.0.0.1:1', header: TOKEN, cookie: TOKEN }), 403],
    ['a foreign Referer and no Origin', () => ({ referer: 'https://evil.example/x', header: TOKEN, cookie: TOKEN }), 403],
    ['neither Origin nor Referer', () => ({ header: TOKEN, cookie: TOKEN }), 403],
  ])('POST /api/logout with %s: %i', async (_name, makeCase, status) => {
    const c = makeCase();
    const headers: Record<string, string> = {};
    if (c.origin) headers.origin = c.origin;
    if (c.referer) headers.referer = c.referer;
    if (c.header) headers['x-csrf-token'] = c.header;
    if (c.cookie) headers.cookie = `prsp_csrf=${c.cookie}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers });
    expect(res.statusCode).toBe(status);
    if (status === 403) {
      expect(res.json()).toEqual({
        status: 'error',
        statusCode: 403,
        errorKey: 'errors.forbidden',
        message: 'Sinulla ei ole oikeutta tähän toimintoon.',
      });
    } else {
      expect(res.json()).toEqual({ status: 'ok', statusCode: 200, data: null });
    }
  });

  test('a GET hands out the CSRF cookie, readable by our script, once', async () => {
    const first = await t.app.inject({ url: '/api/auth/check' });
    const cookie = first.cookies.find((c) => c.name === 'prsp_csrf');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
    const again = await t.app.inject({ url: '/api/auth/check', cookies: { prsp_csrf: cookie!.value } });
    expect(again.cookies.find((c) => c.name === 'prsp_csrf')).toBeUndefined();
  });
});

describe('security headers', () => {
  test.each(['/api/auth/check', '/healthz', '/', '/test-idp/oidc/.well-known/openid-configuration'])('%s', async (url) => {
    const res = await t.app.inject({ url });
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // No inline style either: no <style> element or style attribute in markup (the CSSOM is not governed by CSP).
    expect(directives.get('style-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Plain http in tests: no HSTS outside production.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // No Janus configured: the page connects to its own origin only.
    expect(directives.get('connect-src')).toEqual(["'self'"]);
  });

  test("connect-src adds the Janus instances' public WebSocket origins, which browsers reach directly", async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      TEST_IDP_ENABLED: 'false',
      JANUS_URL: 'ws://10.0.0.5:8188,ws://10.0.0.6:8188',
      JANUS_PUBLIC_URL: 'wss://janus.example/janus,wss://janus.example/janus',
    });
    const database = await openTestDatabase();
    const app = await buildApp({ config, database });
    try {
      const res = await app.inject({ url: '/healthz' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/(^|;)\s*connect-src 'self' wss:\/\/janus\.example(;|$)/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('rate limit on sign-in', () => {
  test('the 21st GET /api/login within a minute from one address answers 429; another address is not affected', async () => {
    const from = (remoteAddress: string) => t.app.inject({ url: '/api/login', remoteAddress });
    for (let i = 0; i < 20; i++) expect((await from('10.0.0.21')).statusCode).toBe(303);
    const limited = await from('10.0.0.21');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'error', statusCode: 429, errorKey: 'errors.tooManyRequests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.0.0.22')).statusCode).toBe(303);
  });
});

describe('health', () => {
  test('/healthz answers 200', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  test('/readyz answers 200 while the database answers', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: true });
  });

  test('/readyz answers 503 once the database is gone, while /healthz still answers', async () => {
    const { app, database } = await buildBareApp();
    try {
      await app.ready();
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      await database.close();
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', database: false });
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('error envelope', () => {
  test.each([
    ['/api/does-not-exist', 'Pyydettyä kohdetta ei löytynyt.'],
    ['/api/does-not-exist?lang=en', 'The requested item was not found.'],
    ['/api/user/info/extra', 'Pyydettyä kohdetta ei löytynyt.'],
  ])('unknown %s answers 404 errors.notFound', async (url, message) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', statusCode: 404, errorKey: 'errors.notFound', message });
  });

  test.each(['abcdef', 'abcdefghijkl'])('GET /api/login?lang=%s answers 400 naming the field', async (lang) => {
    const res = await t.app.inject({ url: `/api/login?lang=${lang}`, remoteAddress: '10.0.0.40' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 'error', statusCode: 400, errorKey: 'errors.validation', message: 'Tarkista kentät.' });
    expect(body.fields).toHaveLength(1);
    expect(body.fields[0].field).toBe('lang');
    expect(body.fields[0].messageKey).toMatch(/^fields\./);
    expect(body.fields[0]).toEqual({ field: 'lang', messageKey: 'fields.tooLong', message: 'Arvo on liian pitkä.' });
  });

  test('a query parameter given twice (HTTP parameter pollution) arrives as a list and is refused, not picked from', async () => {
    const res = await t.app.inject({ url: '/api/login?lang=fi&lang=sv', remoteAddress: '10.0.0.41' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', statusCode: 400, errorKey: 'errors.validation' });
    expect(res.json().fields[0].field).toBe('lang');
  });

  test('a body over 1 MB answers 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin, 'x-csrf-token': 'tok', cookie: 'prsp_csrf=tok', 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 'error', statusCode: 413, errorKey: 'errors.tooLarge' });
  });
});

describe('5xx details never reach the client', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    ({ app, database } = await buildBareApp());
    const open = { config: { access: { kind: 'anyone' } } } as const;
    app.get('/api/boom', open, async () => {
      throw new Error('secret detail');
    });
    app.get('/api/boom-upstream', open, async () => {
      throw Object.assign(new Error('secret detail from upstream'), { statusCode: 502 });
    });
    app.get('/api/boom-app-error', open, async () => {
      throw new AppError(500, { detail: 'secret detail in an AppError' });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  test.each(['/api/boom', '/api/boom-upstream', '/api/boom-app-error'])('%s answers 500 with the catalogue text only', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      status: 'error',
      statusCode: 500,
      errorKey: 'errors.processing',
      message: 'Käsittelyssä tapahtui virhe. Yritä myöhemmin uudelleen.',
    });
    expect(res.body).not.toContain('secret detail');
    expect(res.body).not.toContain('stack');
  });
});
