import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';
import { registerJobsCleanup } from '../platform/jobs/cleanup';
import { jobs } from '../platform/jobs/jobs.tables';
import { enqueueJob } from '../platform/jobs/queue';
import { createJobRunner } from '../platform/jobs/runner';
import { openTestDatabase } from '../test/test-database';
import { registerSessionPurge } from './jobs';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const POLICY = { idleSeconds: 30 * 60, absoluteSeconds: 12 * 3600 };

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

test('the session purge runs as an hourly job: it deletes sessions past their limits and keeps live ones', async () => {
  const db = database.db;
  const now = new Date('2030-03-01T10:20:00Z');
  const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
  const rows = [
    { name: 'live', lastSeenAt: minutes(-5), expiresAt: minutes(600) },
    { name: 'idle', lastSeenAt: minutes(-31), expiresAt: minutes(600) },
    { name: 'past its absolute limit', lastSeenAt: minutes(-1), expiresAt: minutes(-1) },
    { name: 'just within the idle limit', lastSeenAt: minutes(-29), expiresAt: minutes(1) },
  ];
  const ids = new Map<string, string>();
  for (const r of rows) {
    const [s] = await db
      .insert(sessions)
      .values({ tokenHash: `hash-${r.name}`, createdAt: minutes(-60), lastSeenAt: r.lastSeenAt, expiresAt: r.expiresAt })
      .returning({ id: sessions.id });
    ids.set(r.name, s!.id);
  }
  let clock = now;
  const runner = createJobRunner({ db, log: silent, now: () => clock });
  registerSessionPurge(runner, db, POLICY);
  expect(runner.describe().schedules).toEqual([{ kind: 'sessions.purge', schedule: { everyMs: 3_600_000 } }]);

  expect(await runner.runOnce()).toEqual({ claimed: 1, done: 1, retried: 0, failed: 0 });
  const left = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(inArray(sessions.id, [...ids.values()]));
  expect(left.map((s) => s.id).sort()).toEqual([ids.get('live'), ids.get('just within the idle limit')].sort());
  const [job] = await db.select().from(jobs).where(eq(jobs.kind, 'sessions.purge'));
  expect(job).toMatchObject({ state: 'done', singletonKey: '2030-03-01T10:00:00.000Z' });

  // Once an hour: not again in the same hour, again in the next.
  clock = new Date('2030-03-01T10:59:00Z');
  expect((await runner.runOnce()).claimed).toBe(0);
  clock = new Date('2030-03-01T11:00:00Z');
  expect((await runner.runOnce()).done).toBe(1);
  // By then the session idle since 10:15 has gone too.
  expect(
    await db
      .select()
      .from(sessions)
      .where(eq(sessions.id, ids.get('live')!)),
  ).toEqual([]);
});

test('the nightly cleanup removes done jobs after 14 days and failed ones after 90, and leaves the rest', async () => {
  const db = database.db;
  const now = new Date('2030-05-10T03:00:00Z');
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
  const make = async (state: 'queued' | 'done' | 'failed', finishedAt: Date | null) => {
    const id = await enqueueJob(db, 'jobs.cleanup', {}, { runAt: new Date('2100-01-01T00:00:00Z') });
    await db.update(jobs).set({ state, finishedAt }).where(eq(jobs.id, id!));
    return id!;
  };
  const oldDone = await make('done', daysAgo(15));
  const recentDone = await make('done', daysAgo(13));
  const oldFailed = await make('failed', daysAgo(91));
  const recentFailed = await make('failed', daysAgo(60));
  const waiting = await make('queued', null);

  const runner = createJobRunner({ db, log: silent, now: () => now });
  registerJobsCleanup(runner, db);
  expect((await runner.runOnce()).done).toBe(1);
  const left = (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'jobs.cleanup'))).map((j) => j.id);
  for (const gone of [oldDone, oldFailed]) expect(left).not.toContain(gone);
  for (const kept of [recentDone, recentFailed, waiting]) expect(left).toContain(kept);
});
