import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../db/client';
import { jobs } from '../platform/jobs/jobs.tables';
import { enqueueJob } from '../platform/jobs/queue';
import type { JobRunner } from '../platform/jobs/runner';
import { TestBrowser } from './http-client';
import type { TestApp } from './test-app';
import { startTwoInstances, type TwoInstances } from './two-instances';
import { redisAnswers, TEST_REDIS_URL } from './redis';

/**
 * Two instances side by side on one database and one Redis, as behind a load balancer: nothing one
 * instance needs lives in the other's memory. Runs on PGlite and on the PostgreSQL server like the other
 * integration tests; it needs a Redis server (CI has one), and says so where there is none.
 */
declare module '../platform/jobs/queue' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface JobPayloads {
    'test.multiInstance': { n: number };
  }
}

const runs = await redisAnswers();
if (!runs) console.warn(`multi-instance tests need Redis at ${TEST_REDIS_URL}; none answers, so they do not run here`);

describe.runIf(runs)('two instances on one database and one Redis', () => {
  let database: Database;
  let redis: Redis;
  let a: TestApp;
  let b: TestApp;

  let cluster: TwoInstances;

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, keyPrefix: `prsp-test-${Date.now()}:` });
    cluster = await startTwoInstances({}, { redis });
    ({ database, a, b } = cluster);
  });
  afterAll(async () => {
    await cluster?.close();
    redis?.disconnect();
  });

  test('a session started on one instance works on the other, and signing out on the other ends it', async () => {
    const onA = new TestBrowser(a.baseUrl);
    await onA.signIn('010190-124N');
    const onB = new TestBrowser(b.baseUrl);
    for (const name of ['prsp_session', 'prsp_csrf']) onB.setCookie(name, onA.cookie(name)!);

    const info = await onB.fetch('/api/user/info');
    expect(await info.json()).toMatchObject({ status: 'ok', data: { firstName: 'Aino' } });

    // The CSRF Origin check is per instance address here; behind a load balancer both share PUBLIC_URL.
    expect((await onB.fetch('/api/logout', { method: 'POST' })).status).toBe(200);
    const after = await onA.fetch('/api/user/info');
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ statusCode: 101 });
  });

  test('sign-in rate limits count across instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const app = i % 2 === 0 ? a : b;
      statuses.push((await fetch(`${app.baseUrl}/api/login`, { redirect: 'manual' })).status);
    }
    // 20 per minute per address in all (the sign-in above used one). Counted per instance,
    // each would have let its 15 through; counted together, the rest are refused.
    const accepted = statuses.filter((s) => s === 303).length;
    expect(accepted).toBe(19);
    expect(statuses.slice(accepted)).toEqual(Array(30 - accepted).fill(429));
  });

  test('jobs are claimed once across instances, and a schedule both declare runs once per period', async () => {
    const count = 30;
    const runs: number[] = [];
    for (const app of [a, b]) app.app.jobs.register('test.multiInstance', async ({ n }) => void runs.push(n));
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < count; n++) await enqueueJob(tx, 'test.multiInstance', { n });
    });
    const drain = async (runner: JobRunner) => {
      for (let claimed = 1; claimed > 0;) claimed = (await runner.runOnce({ kinds: ['test.multiInstance'], limit: 4 })).claimed;
    };
    await Promise.all([drain(a.app.jobs), drain(b.app.jobs)]);
    expect(runs.sort((x, y) => x - y)).toEqual(Array.from({ length: count }, (_, n) => n));

    // Both instances declare the hourly session purge: one job for this hour, run by one of them.
    const results = await Promise.all([a, b].map((app) => app.app.jobs.runOnce({ kinds: ['sessions.purge'] })));
    expect(results.reduce((sum, r) => sum + r.done, 0)).toBe(1);
    expect(await database.db.select().from(jobs).where(eq(jobs.kind, 'sessions.purge'))).toHaveLength(1);
  });
});
