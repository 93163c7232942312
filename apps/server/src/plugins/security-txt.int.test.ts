import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from '../test/test-database';
import { startTestApp, type TestApp } from '../test/test-app';
import { oneYearAfter, securityTxt } from './security-txt';
import { PRODUCTION_ENV } from '../test/production-env';

/** The fields of a security.txt, by name, in order. */
function fields(text: string): [string, string][] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const colon = line.indexOf(': ');
      return [line.slice(0, colon), line.slice(colon + 2)];
    });
}

describe('GET /.well-known/security.txt (RFC 9116)', () => {
  let t: TestApp;
  let startedBefore: Date;
  beforeAll(async () => {
    startedBefore = new Date();
    t = await startTestApp({ SECURITY_POLICY_URL: 'https://portal.example.fi/security-policy' });
  });
  afterAll(() => t.close());

  test('names the contact, an expiry a year after the start, the languages, its canonical address and the policy', async () => {
    const res = await fetch(`${t.baseUrl}/.well-known/security.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text.endsWith('\n')).toBe(true);
    const got = fields(text);
    expect(got.map(([name]) => name)).toEqual(['Contact', 'Expires', 'Preferred-Languages', 'Canonical', 'Policy']);
    const value = new Map(got);
    // Outside production the demo's contact stands in.
    expect(value.get('Contact')).toBe('mailto:security@prsp.example');
    expect(value.get('Preferred-Languages')).toBe('fi, sv, en');
    expect(value.get('Canonical')).toBe(`${t.baseUrl}/.well-known/security.txt`);
    expect(value.get('Policy')).toBe('https://portal.example.fi/security-policy');
    // RFC 3339, in UTC, a year after the server started (between the test's start and now, plus a year).
    const expires = value.get('Expires')!;
    expect(expires).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const at = new Date(expires).getTime();
    expect(at).toBeGreaterThanOrEqual(oneYearAfter(startedBefore).getTime() - 1000);
    expect(at).toBeLessThanOrEqual(oneYearAfter(new Date()).getTime());
    // Under the site's headers like every answer.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the file itself', () => {
  test('a configured contact, without a policy', () => {
    const text = securityTxt({
      contact: 'https://portal.example.fi/report',
      publicUrl: 'https://portal.example.fi',
      expires: new Date('2027-03-01T12:34:56.789Z'),
    });
    expect(text).toBe(
      [
        'Contact: https://portal.example.fi/report',
        'Expires: 2027-03-01T12:34:56Z',
        'Preferred-Languages: fi, sv, en',
        'Canonical: https://portal.example.fi/.well-known/security.txt',
        '',
      ].join('\n'),
    );
  });

  test('a year after 29 February is 1 March', () => {
    expect(oneYearAfter(new Date('2028-02-29T10:00:00Z')).toISOString()).toBe('2029-03-01T10:00:00.000Z');
  });
});

describe('in production without SECURITY_CONTACT', () => {
  test('there is no security.txt: 404, not the web app', async () => {
    const config = loadConfig({ ...PRODUCTION_ENV, LOG_LEVEL: 'silent' });
    expect(config.securityTxt.contact).toBeUndefined();
    const database = await openTestDatabase();
    const app = await buildApp({ config, database });
    try {
      const res = await app.inject({ url: '/.well-known/security.txt' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 'error', statusCode: 404, errorKey: 'errors.notFound' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
