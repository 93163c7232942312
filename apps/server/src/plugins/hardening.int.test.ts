import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestBrowser } from '../test/http-client';
import { startTestApp, type TestApp } from '../test/test-app';
import { NOT_FOUND_RATE_LIMIT } from './security';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await startTestApp();
  origin = new URL(t.baseUrl).origin;
});
afterAll(() => t.close());

describe('CSRF and Origin checks look at the route the router decodes, not the raw URL', () => {
  test.each(['/%61pi/logout', '/api/%6cogout', '/%61%70%69/logout'])(
    'POST %s from another site without a token answers 403, as /api/logout does',
    async (url) => {
      const res = await t.app.inject({ method: 'POST', url, headers: { origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 'error', statusCode: 403, errorKey: 'errors.forbidden' });
    },
  );

  test('the same encoded path with our Origin and the double-submit token goes through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/logout',
      headers: { origin, 'x-csrf-token': 'tok', cookie: 'prsp_csrf=tok' },
    });
    expect(res.statusCode).toBe(200);
  });

  test('a GET to an encoded /api path gets the CSRF cookie like /api itself', async () => {
    const res = await t.app.inject({ url: '/%61pi/auth/check' });
    expect(res.cookies.find((c) => c.name === 'prsp_csrf')).toBeDefined();
  });
});

describe('an unknown encoded /api path is an API 404, not the web app', () => {
  test.each(['/api/nothing-here', '/%61pi/nothing-here'])('%s answers the 404 envelope', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error', statusCode: 404, errorKey: 'errors.notFound' });
  });
});

describe('a scanner walking unknown paths is rate-limited', () => {
  test(`past ${NOT_FOUND_RATE_LIMIT.max} a minute one address gets 429, in the envelope; another address still its 404`, async () => {
    const scanner = '198.18.0.41';
    const statuses: number[] = [];
    for (let i = 0; i <= NOT_FOUND_RATE_LIMIT.max; i++) {
      statuses.push((await t.app.inject({ url: `/api/probe-${i}`, remoteAddress: scanner })).statusCode);
    }
    expect(statuses).toEqual([...Array(NOT_FOUND_RATE_LIMIT.max).fill(404), 429]);
    // The router's own 'not found' (no route for the method) counts against the same limit.
    const limited = await t.app.inject({ method: 'DELETE', url: '/wp-login.php', remoteAddress: scanner });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'error', statusCode: 429 });
    expect((await t.app.inject({ url: '/api/probe-0', remoteAddress: '198.18.0.42' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/wp-login.php', remoteAddress: '198.18.0.42' })).statusCode).toBe(404);
  });
});

describe('the session is loaded for the decoded route too', () => {
  test('GET /%61pi/user/info with a session answers as /api/user/info does', async () => {
    const browser = new TestBrowser(t.baseUrl);
    await browser.signIn('010190-124N');
    const plain = await browser.fetch('/api/user/info');
    const encoded = await browser.fetch('/%61pi/user/info');
    expect(plain.status).toBe(200);
    expect(encoded.status).toBe(200);
    expect(await encoded.json()).toEqual(await plain.json());
  });
});

describe('Cache-Control: no-store on /api answers', () => {
  test.each(['/api/auth/check', '/api/user/info', '/api/contact', '/api/does-not-exist', '/%61pi/auth/check'])(
    '%s answers with no-store',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  test('a mutating answer and an error answer say no-store too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test.each(['/api/list/cities', '/api/list/cities/sv', '/api/list/countries', '/api/list/nationalities'])(
    'the public static list %s keeps its own caching',
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    },
  );
});
