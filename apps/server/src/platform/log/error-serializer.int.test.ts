import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { staffUsers } from '../../db/schema';
import { openTestDatabase } from '../../test/test-database';
import { AppError } from '../app-error';
import { serializeError } from './error-serializer';

const SECRET = 'Aino Virtanen 010190-124N';
const EMAIL = 'aino.secret@test.example';

let database: Database;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', TEST_IDP_ENABLED: 'false', MAIL_CATCHER_ENABLED: 'false' });
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({ config, database, logStream });
  const db = database.db;
  const anyone = { config: { access: { kind: 'anyone' as const } } };
  // A failed cast: the value is in drizzle's params and message and in PostgreSQL's own message.
  app.get('/api/test/bad-cast', anyone, async () => db.execute(sql`select ${SECRET}::int`));
  // A unique violation: PostgreSQL names the value in `detail`.
  app.get('/api/test/duplicate', anyone, async () => {
    const row = { email: EMAIL, firstName: SECRET, lastName: SECRET };
    await db.insert(staffUsers).values(row);
    await db.insert(staffUsers).values(row);
  });
  // A NUL in text: refused by the database driver or server.
  app.get('/api/test/nul', anyone, async () =>
    db.insert(staffUsers).values({ email: 'nul@test.example', firstName: `${SECRET}\u0000`, lastName: 'x' }),
  );
  // A database error wrapped in an AppError.
  app.get('/api/test/wrapped', anyone, async () => {
    try {
      await db.execute(sql`select ${SECRET}::uuid`);
    } catch (cause) {
      throw new AppError(500, { detail: 'saving failed', cause });
    }
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('a database error is logged without the values of its statement', () => {
  test.each(['/api/test/bad-cast', '/api/test/duplicate', '/api/test/nul', '/api/test/wrapped'])('%s', async (url) => {
    lines.length = 0;
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(500);
    const errorLines = lines.filter((l) => JSON.parse(l).level >= 50);
    expect(errorLines.length).toBeGreaterThan(0);
    const log = lines.join('\n');
    // The log line tells what failed …
    expect(log).toMatch(/"err":\{"type":"\w+"/);
    // … but not with what.
    expect(log).not.toContain('Aino');
    expect(log).not.toContain('010190');
    expect(log).not.toContain('aino.secret');
    expect(log).not.toContain('"params"');
    expect(log).not.toContain('"detail"');
  });

  test('the failed query stays, with placeholders for its values', async () => {
    lines.length = 0;
    await app.inject({ url: '/api/test/duplicate' });
    const entry = lines.map((l) => JSON.parse(l) as { err?: { query?: string; message?: string } }).find((e) => e.err);
    expect(entry?.err?.query).toMatch(/^insert into "staff_users" .*\$1/);
    expect(entry?.err?.message).toMatch(/^Failed query: insert into "staff_users"/);
  });
});

describe('serializeError', () => {
  test('keeps an ordinary error as it is, with its code and cause', () => {
    const err = Object.assign(new Error('boom', { cause: new Error('below') }), { code: 'E_X' });
    const out = serializeError(err);
    expect(out).toMatchObject({ type: 'Error', message: 'boom', code: 'E_X', cause: { type: 'Error', message: 'below' } });
    expect(out.stack).toMatch(/^Error: boom\n\s+at /);
  });

  test('drops params and detail and blanks literals of a database-like error', () => {
    const err = Object.assign(new Error(`Failed query: select 'x' where a = $1\nparams: ${SECRET}`), {
      query: "select 'x' where a = $1",
      params: [SECRET],
      detail: `Key (email)=(${EMAIL}) already exists.`,
      severity: 'ERROR',
      code: '23505',
      constraint: 'staff_users_email_unique',
    });
    const out = serializeError(err);
    expect(JSON.stringify(out)).not.toContain('Aino');
    expect(JSON.stringify(out)).not.toContain(EMAIL);
    expect(out).toMatchObject({ message: "Failed query: select '?' where a = $1", query: "select '?' where a = $1", code: '23505' });
  });

  test('a string is kept as the message; a thrown non-error names only its type', () => {
    expect(serializeError('sign-in refused')).toEqual({ type: 'string', message: 'sign-in refused', stack: '' });
    expect(serializeError({ email: EMAIL })).toEqual({ type: 'object', message: 'non-error value thrown', stack: '' });
  });
});
