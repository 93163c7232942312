import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/test-database';
import { claimJobs } from '../jobs/jobs.repo';
import { createJobRunner, type JobLog, type JobRunner } from '../jobs/runner';
import { createEventHub, type EventHub } from './event-hub';

const silent: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const org = '00000000-0000-4000-8000-000000000001';
const payload = { organisationId: org, appointmentId: '00000000-0000-4000-8000-0000000000a1' };

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`CREATE TABLE IF NOT EXISTS hub_effects (what text NOT NULL)`);
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`DELETE FROM hub_effects`);
  await database.db.execute(sql`DELETE FROM jobs WHERE kind = 'events.deliver'`);
});

function app(now?: () => Date): { hub: EventHub; runner: JobRunner } {
  const runner = createJobRunner({ db: database.db, log: silent, ...(now ? { now } : {}) });
  return { hub: createEventHub({ db: database.db, runner }), runner };
}
const effects = async () =>
  ((await database.db.execute(sql`SELECT what FROM hub_effects ORDER BY what`)) as unknown as { rows: { what: string }[] }).rows.map(
    (r) => r.what,
  );
const deliverJobs = async () =>
  (
    (await database.db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'events.deliver'`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

test('in-transaction subscribers write in the writer’s transaction; deferred ones run as a job after it commits', async () => {
  const { hub, runner } = app();
  hub.inTransaction('booking.created', 'now', async (tx, p) => {
    await tx.execute(sql`INSERT INTO hub_effects VALUES (${`now:${p.appointmentId}`})`);
  });
  hub.deferred('booking.created', 'later', async (db, p, meta) => {
    await db.execute(sql`INSERT INTO hub_effects VALUES (${`later:${p.appointmentId}:${meta.eventId.length}`})`);
  });
  await database.db.transaction((tx) => hub.emit(tx, 'booking.created', payload));
  expect(await effects()).toEqual([`now:${payload.appointmentId}`]);
  expect(await runner.runOnce({ kinds: ['events.deliver'] })).toMatchObject({ claimed: 1, done: 1 });
  expect(await effects()).toEqual([`later:${payload.appointmentId}:36`, `now:${payload.appointmentId}`]);
});

test('a writer that rolls back emits nothing: no in-transaction effect, no deferred job', async () => {
  const { hub } = app();
  hub.inTransaction('booking.cancelled', 'now', async (tx) => void (await tx.execute(sql`INSERT INTO hub_effects VALUES ('now')`)));
  hub.deferred('booking.cancelled', 'later', async (db) => void (await db.execute(sql`INSERT INTO hub_effects VALUES ('later')`)));
  await expect(
    database.db.transaction(async (tx) => {
      await hub.emit(tx, 'booking.cancelled', payload);
      throw new Error('the change fails');
    }),
  ).rejects.toThrow('the change fails');
  expect(await effects()).toEqual([]);
  expect(await deliverJobs()).toBe(0);
});

test('an in-transaction subscriber that throws rolls the writer back', async () => {
  const { hub } = app();
  hub.inTransaction('service.saved', 'refuses', async () => {
    throw new Error('no queue');
  });
  await expect(
    database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO hub_effects VALUES ('the writer')`);
      await hub.emit(tx, 'service.saved', { organisationId: org, serviceId: org, newQueue: null });
    }),
  ).rejects.toThrow('no queue');
  expect(await effects()).toEqual([]);
});

test('a deferred subscriber whose runner crashed runs once after a restart', async () => {
  // Ahead of the wall clock, so the job (run_at now) is due on this runner's clock.
  const at = new Date(Date.now() + 60_000);
  const first = app(() => at);
  first.hub.deferred('chat.ended', 'later', async () => undefined);
  await database.db.transaction((tx) =>
    first.hub.emit(tx, 'chat.ended', { organisationId: org, channelId: org, appointmentId: null, endedBy: 'expert', started: true }),
  );
  // The first instance claims the job and dies before it reports.
  const dead = await claimJobs(database.db, { kinds: ['events.deliver'], now: at, limit: 10, leaseMs: () => 5 * 60_000 });
  expect(dead.claimed).toHaveLength(1);

  // A new instance (its own hub and runner, the same subscribers) takes it up once the claim runs out.
  let clock = at;
  const restarted = app(() => clock);
  let runs = 0;
  restarted.hub.deferred('chat.ended', 'later', async (_db, p, meta) => {
    runs++;
    expect(p.channelId).toBe(org);
    expect(meta.occurredAt.getTime()).toBeLessThan(at.getTime());
  });
  expect((await restarted.runner.runOnce({ kinds: ['events.deliver'] })).claimed).toBe(0);
  clock = new Date(at.getTime() + 5 * 60_000);
  expect(await restarted.runner.runOnce({ kinds: ['events.deliver'] })).toMatchObject({ claimed: 1, done: 1 });
  expect(await restarted.runner.runOnce({ kinds: ['events.deliver'] })).toMatchObject({ claimed: 0 });
  expect(runs).toBe(1);
});

test('hubs share nothing, and a name subscribes once per event', () => {
  const a = app().hub;
  const b = app().hub;
  a.inTransaction('booking.created', 'webhooks', async () => undefined);
  expect(b.describe()).toEqual({});
  expect(() => a.deferred('booking.created', 'webhooks', async () => undefined)).toThrow('twice');
  expect(a.describe()).toEqual({ 'booking.created': { inTransaction: ['webhooks'], deferred: [] } });
});
