import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-database';
import { JobError } from './job-error';
import { CLAIM_EXPIRED_ERROR, claimJobs, findJob, markJobDone } from './jobs.repo';
import { jobs } from './jobs.tables';
import { enqueueJob, enqueueJobs } from './queue';
import { createJobRunner, type JobLog, type JobRunnerOptions } from './runner';

declare module './queue' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface JobPayloads {
    'test.count': { n: number };
    'test.rollback': { n: number };
    'test.fail': { secret: string };
    'test.crash': Record<string, never>;
    'test.slow': Record<string, never>;
    'test.tick': Record<string, never>;
    'test.unregistered': Record<string, never>;
    'test.once': Record<string, never>;
  }
}

const silent: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

function recordingLog() {
  const lines: Record<string, unknown>[] = [];
  const log = (obj: Record<string, unknown>, msg: string) => void lines.push({ ...obj, msg });
  return { lines, log: { info: log, warn: log, error: log } satisfies JobLog };
}

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const runner = (o: Partial<JobRunnerOptions> = {}) => createJobRunner({ db: database.db, log: silent, ...o });
const job = async (id: string | null) => (await findJob(database.db, id!))!;

test('a job enqueued in a transaction that rolls back never runs; one that commits does', async () => {
  const ran: number[] = [];
  const r = runner();
  r.register('test.rollback', async ({ n }) => void ran.push(n));
  await expect(
    database.db.transaction(async (tx) => {
      await enqueueJob(tx, 'test.rollback', { n: 1 });
      throw new Error('the change fails');
    }),
  ).rejects.toThrow('the change fails');
  await database.db.transaction((tx) => enqueueJob(tx, 'test.rollback', { n: 2 }));
  expect(await r.runOnce()).toEqual({ claimed: 1, done: 1, retried: 0, failed: 0 });
  expect(await r.runOnce()).toEqual({ claimed: 0, done: 0, retried: 0, failed: 0 });
  expect(ran).toEqual([2]);
  const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.rollback'));
  expect(rows.map((j) => `${j.state}/${j.attempts}`)).toEqual(['done/1']);
  expect(rows[0]!.finishedAt).toBeInstanceOf(Date);
});

test('two runners racing over one queue run every job exactly once', async () => {
  const count = 40;
  const runs = new Map<number, number>();
  const handler = async ({ n }: { n: number }) => {
    runs.set(n, (runs.get(n) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, Math.random() * 5));
  };
  const a = runner();
  const b = runner();
  a.register('test.count', handler);
  b.register('test.count', handler);
  await database.db.transaction(async (tx) => {
    for (let n = 0; n < count; n++) await enqueueJob(tx, 'test.count', { n });
  });
  const drain = async (r: typeof a) => {
    let done = 0;
    for (let claimed = 1; claimed > 0;) {
      const result = await r.runOnce({ limit: 3 });
      claimed = result.claimed;
      done += result.done;
    }
    return done;
  };
  const [byA, byB] = await Promise.all([drain(a), drain(b)]);
  expect(byA + byB).toBe(count);
  expect([...runs.values()]).toEqual(Array(count).fill(1));
  expect(runs.size).toBe(count);
  const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.count'));
  expect(rows.map((j) => `${j.state}/${j.attempts}`)).toEqual(Array(count).fill('done/1'));
});

test('a failing job is retried with exponential backoff, then marked failed and left alone', async () => {
  let clock = new Date(Date.now() + 1000);
  const { lines, log } = recordingLog();
  const r = runner({ now: () => clock, log });
  let calls = 0;
  r.register(
    'test.fail',
    async ({ secret }, ctx) => {
      calls++;
      // The last attempt fails with an error whose message names a person: it must not be kept.
      if (ctx.isLastAttempt) throw new Error(`insert failed for ${secret}`);
      throw new JobError(`remote answered 503 (attempt ${ctx.attempt} of ${ctx.maxAttempts})`);
    },
    { backoff: { baseMs: 1000, maxMs: 60_000 } },
  );
  const id = await database.db.transaction((tx) =>
    enqueueJob(tx, 'test.fail', { secret: 'Aino Virtanen' }, { maxAttempts: 3, runAt: clock }),
  );

  expect(await r.runOnce()).toEqual({ claimed: 1, done: 0, retried: 1, failed: 0 });
  let row = await job(id);
  expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'remote answered 503 (attempt 1 of 3)', lockedUntil: null });
  expect(row.runAt.getTime()).toBe(clock.getTime() + 1000);

  // Not due yet: nothing happens.
  clock = new Date(clock.getTime() + 999);
  expect((await r.runOnce()).claimed).toBe(0);

  clock = new Date(clock.getTime() + 1);
  expect((await r.runOnce()).retried).toBe(1);
  row = await job(id);
  expect(row).toMatchObject({ state: 'queued', attempts: 2 });
  expect(row.runAt.getTime()).toBe(clock.getTime() + 2000);

  clock = new Date(clock.getTime() + 2000);
  expect(await r.runOnce()).toEqual({ claimed: 1, done: 0, retried: 0, failed: 1 });
  row = await job(id);
  expect(row).toMatchObject({ state: 'failed', attempts: 3, lockedUntil: null });
  expect(row.finishedAt).toEqual(clock);
  expect(row.lastError).toMatch(/^Error \(details withheld/);

  clock = new Date(clock.getTime() + 24 * 3_600_000);
  expect((await r.runOnce()).claimed).toBe(0);
  expect(calls).toBe(3);
  // Logs name the job, never the payload or what the error said about the person.
  expect(lines.map((l) => l.msg)).toEqual(['job failed: will retry', 'job failed: will retry', 'job failed: giving up']);
  expect(lines.every((l) => l.jobId === id && l.kind === 'test.fail')).toBe(true);
  expect(JSON.stringify(lines)).not.toContain('Aino');
});

describe('a runner that dies with a job in hand', () => {
  test('its job is taken up again once the claim expires, and its late report is ignored', async () => {
    const at = new Date(Date.now() + 1000);
    const id = await enqueueJob(database.db, 'test.crash', {}, { runAt: at });
    // The dying runner claims the job and never reports back.
    const dead = await claimJobs(database.db, { kinds: ['test.crash'], now: at, limit: 10, leaseMs: () => 60_000 });
    expect(dead.claimed.map((j) => j.id)).toEqual([id]);

    let clock = at;
    let runs = 0;
    const r = runner({ now: () => clock });
    r.register('test.crash', async () => void runs++, { leaseMs: 60_000 });
    expect((await r.runOnce()).claimed).toBe(0);
    clock = new Date(at.getTime() + 60_000);
    expect(await r.runOnce()).toMatchObject({ claimed: 1, done: 1 });
    expect(runs).toBe(1);
    expect(await job(id)).toMatchObject({ state: 'done', attempts: 2 });
    // The first runner comes back and reports its attempt: the newer outcome stands.
    expect(await markJobDone(database.db, id!, 1, new Date())).toBe(false);
  });

  test('a job whose claim expires on its last attempt is marked failed, not run again', async () => {
    const at = new Date(Date.now() + 1000);
    const id = await enqueueJob(database.db, 'test.crash', {}, { runAt: at, maxAttempts: 1 });
    await claimJobs(database.db, { kinds: ['test.crash'], now: at, limit: 10, leaseMs: () => 1000 });
    let runs = 0;
    const r = runner({ now: () => new Date(at.getTime() + 1000) });
    r.register('test.crash', async () => void runs++);
    expect(await r.runOnce()).toMatchObject({ claimed: 0, failed: 1 });
    expect(runs).toBe(0);
    expect(await job(id)).toMatchObject({ state: 'failed', attempts: 1, lastError: CLAIM_EXPIRED_ERROR });
  });
});

test('a runner claims only the kinds it has handlers for', async () => {
  const id = await enqueueJob(database.db, 'test.unregistered', {});
  const r = runner();
  r.register('test.once', async () => undefined);
  expect((await r.runOnce()).claimed).toBe(0);
  expect(await job(id)).toMatchObject({ state: 'queued', attempts: 0 });
});

test('a singleton key makes a second enqueue do nothing', async () => {
  const first = await enqueueJob(database.db, 'test.once', {}, { singletonKey: 'only-one' });
  expect(first).not.toBeNull();
  expect(await database.db.transaction((tx) => enqueueJob(tx, 'test.once', {}, { singletonKey: 'only-one' }))).toBeNull();
  expect(await enqueueJob(database.db, 'test.once', {}, { singletonKey: 'another' })).not.toBeNull();
});

test('jobs queued together are each queued as one would be alone; one whose singleton key exists is left out', async () => {
  await enqueueJob(database.db, 'test.once', {}, { singletonKey: 'together-taken' });
  const unregisteredBefore = (await database.db.select().from(jobs).where(eq(jobs.kind, 'test.unregistered'))).length;
  const runAt = new Date('2030-02-01T08:00:00Z');
  await database.db.transaction((tx) =>
    enqueueJobs(tx, [
      { kind: 'test.once', payload: {}, options: { singletonKey: 'together-taken' } },
      { kind: 'test.once', payload: {}, options: { singletonKey: 'together-new', runAt, maxAttempts: 2 } },
      { kind: 'test.unregistered', payload: {} },
    ]),
  );
  const rows = await database.db
    .select({ key: jobs.singletonKey, runAt: jobs.runAt, maxAttempts: jobs.maxAttempts, state: jobs.state })
    .from(jobs)
    .where(inArray(jobs.singletonKey, ['together-taken', 'together-new']));
  expect(rows.sort((x, y) => x.key!.localeCompare(y.key!))).toEqual([
    { key: 'together-new', runAt, maxAttempts: 2, state: 'queued' },
    { key: 'together-taken', runAt: expect.any(Date), maxAttempts: 5, state: 'queued' },
  ]);
  const unregistered = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.unregistered'));
  expect(unregistered).toHaveLength(unregisteredBefore + 1);
});

test('a schedule that several runners declare is enqueued and run once per period', async () => {
  let clock = new Date('2030-01-01T10:00:05Z');
  let runs = 0;
  const make = () => {
    const r = runner({ now: () => clock });
    r.register('test.tick', async () => void runs++);
    r.schedule('test.tick', { everyMs: 3_600_000 });
    return r;
  };
  const [a, b, c] = [make(), make(), make()];
  await Promise.all([a.runOnce(), b.runOnce(), c.runOnce()]);
  clock = new Date('2030-01-01T10:59:59Z');
  await Promise.all([a.runOnce(), b.runOnce(), c.runOnce()]);
  expect(runs).toBe(1);
  clock = new Date('2030-01-01T11:00:00Z');
  await Promise.all([a.runOnce(), b.runOnce(), c.runOnce()]);
  expect(runs).toBe(2);
  // A runner started later in a period it did not see enqueues nothing new.
  await make().runOnce();
  expect(runs).toBe(2);
  const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.tick'));
  expect(rows.map((j) => `${j.singletonKey} ${j.state}`).sort()).toEqual([
    '2030-01-01T10:00:00.000Z done',
    '2030-01-01T11:00:00.000Z done',
  ]);
});

test('scheduling needs a handler and a sensible schedule, and a kind is registered once', () => {
  const r = runner();
  expect(() => r.schedule('test.slow', { everyMs: 60_000 })).toThrow(/no handler/);
  r.register('test.slow', async () => undefined);
  expect(() => r.register('test.slow', async () => undefined)).toThrow(/twice/);
  expect(() => r.schedule('test.slow', { dailyAt: '25:00' })).toThrow(/HH:MM/);
  r.schedule('test.slow', { dailyAt: '05:00' });
  expect(r.describe()).toEqual({ kinds: ['test.slow'], schedules: [{ kind: 'test.slow', schedule: { dailyAt: '05:00' } }] });
});

test('the polling runner runs jobs by itself, and stopping waits for the jobs in hand', async () => {
  let started = 0;
  let finished = 0;
  const r = runner({ pollIntervalMs: 20, concurrency: 2 });
  r.register('test.slow', async () => {
    started++;
    await new Promise((resolve) => setTimeout(resolve, 150));
    finished++;
  });
  const ids = await database.db.transaction(async (tx) => {
    const queued: (string | null)[] = [];
    for (let i = 0; i < 3; i++) queued.push(await enqueueJob(tx, 'test.slow', {}));
    return queued;
  });
  r.start();
  const deadline = Date.now() + 10_000;
  while (started === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  await r.stop();
  expect(finished).toBe(started);
  expect(started).toBeGreaterThan(0);
  const rows = await database.db
    .select()
    .from(jobs)
    .where(inArray(jobs.id, ids as string[]));
  expect(rows.filter((j) => j.state === 'done')).toHaveLength(finished);
  // Nothing is left half done: what was not started is still queued for the next start.
  expect(rows.every((j) => j.state === 'done' || (j.state === 'queued' && j.attempts === 0))).toBe(true);

  r.start();
  while (
    (await database.db.select().from(jobs).where(like(jobs.kind, 'test.slow'))).some((j) => j.state !== 'done') &&
    Date.now() < deadline
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await r.stop();
  expect(finished).toBe(3);
});
