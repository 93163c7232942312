import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** What nginx's `$request_id` looks like. */
const NGINX_ID = '5f2b3c4d6e7f8091a2b3c4d5e6f70812';

type LogLine = { reqId?: string; req?: { id?: string; url?: string }; msg?: string };

let database: Database;
/** The app behind a trusted proxy (TRUST_PROXY=true) and one without, with the log lines each wrote. */
const apps: Record<'proxied' | 'direct', { app: FastifyInstance; lines: LogLine[] }> = {} as never;

async function build(trustProxy: boolean) {
  const lines: LogLine[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    TRUST_PROXY: String(trustProxy),
    TEST_IDP_ENABLED: 'false',
    MAIL_CATCHER_ENABLED: 'false',
    SMS_SINK_ENABLED: 'false',
  });
  const app = await buildApp({ config, database, logStream });
  await app.ready();
  return { app, lines };
}

beforeAll(async () => {
  database = await openTestDatabase();
  apps.proxied = await build(true);
  apps.direct = await build(false);
});
afterAll(async () => {
  await apps.proxied?.app.close();
  await apps.direct?.app.close();
  await database.close();
});

describe('every answer carries its request id', () => {
  test.each([
    ['an answer', 'GET', '/api/list/cities', 200],
    ['an API 404', 'GET', '/api/nothing-here', 404],
    ['a 404 no route matched', 'POST', '/nothing-here', 404],
    ['a refusal of the access guard', 'GET', '/api/user/info', 401],
    ['a refusal of the CSRF check', 'POST', '/api/logout', 403],
    ['a validation error', 'GET', '/api/list/cities/klingon', 400],
  ] as const)('%s (%s %s)', async (_what, method, url, status) => {
    const res = await apps.direct.app.inject({ method, url, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  test('each request its own', async () => {
    const [a, b] = await Promise.all([apps.direct.app.inject('/api/list/cities'), apps.direct.app.inject('/api/list/cities')]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('an incoming X-Request-Id', () => {
  test("behind a trusted proxy, a well-formed one is kept: in the answer and in each of the request's log lines", async () => {
    const res = await apps.proxied.app.inject({ url: '/api/list/cities', headers: { 'x-request-id': NGINX_ID } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(NGINX_ID);
    const lines = apps.proxied.lines.filter((l) => l.reqId === NGINX_ID);
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // The request serializer keeps the id too.
    expect(lines.find((l) => l.msg === 'incoming request')?.req).toMatchObject({ id: NGINX_ID, url: '/api/list/cities' });
  });

  test.each(['short', 'has spaces in it', 'forged\nlog-line-0001', '<script>alert(1)</script>', 'x'.repeat(129), 'ääkköset-12345'])(
    'a malformed one (%j) is replaced by a fresh UUID, and never logged',
    async (incoming) => {
      const res = await apps.proxied.app.inject({ url: '/api/list/cities', headers: { 'x-request-id': incoming } });
      expect(res.statusCode).toBe(200);
      const id = res.headers['x-request-id'] as string;
      expect(id).toMatch(UUID);
      expect(apps.proxied.lines.some((l) => l.reqId === id && l.msg === 'request completed')).toBe(true);
      expect(apps.proxied.lines.some((l) => l.reqId === incoming)).toBe(false);
    },
  );

  test('without a trusted proxy even a well-formed one is the client talking: replaced', async () => {
    const res = await apps.direct.app.inject({ url: '/api/list/cities', headers: { 'x-request-id': NGINX_ID } });
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(apps.direct.lines.some((l) => l.reqId === NGINX_ID)).toBe(false);
  });
});
