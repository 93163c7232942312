import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Work that runs later or on a schedule (platform/jobs). A row is written in the caller's transaction
 * (`enqueueJob`), claimed by one runner with `FOR UPDATE SKIP LOCKED`, and kept after it is done or
 * failed until the cleanup job removes it. The payload carries ids, never personal data.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    /** Not before this moment: the first run, or the next retry. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Claims so far, counted when a runner claims the job (a crashed run counts too). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** While running: the claim ends here; after it a runner takes the job up again (its runner died). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Why the last attempt failed, as the handler put it for an operator: never personal data. */
    lastError: text('last_error'),
    /** Dedupe: one job per (kind, key) ever, e.g. a schedule's period; null for ordinary jobs. */
    singletonKey: text('singleton_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_queued_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'queued'`),
    index('jobs_running_idx')
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.finishedAt} is not null`),
    uniqueIndex('jobs_singleton_idx')
      .on(t.kind, t.singletonKey)
      .where(sql`${t.singletonKey} is not null`),
  ],
);
