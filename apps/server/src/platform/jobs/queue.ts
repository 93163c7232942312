import type { Tx } from '../../db/client';
import { insertJob, insertJobs, jobInsertedWith, type JobInSameStatement } from './jobs.repo';
import type { jobs as jobsTable } from './jobs.tables';

/**
 * The job kinds and their payloads. A module that adds a kind declares it where it registers the handler:
 *
 * ```ts
 * declare module '../../platform/jobs/queue' {
 *   interface JobPayloads {
 *     'booking.expireHold': { holdId: string };
 *   }
 * }
 * ```
 *
 * Payloads are JSON and carry ids, never personal data (no names, addresses, identity codes, message text):
 * the handler loads what it needs when it runs, so what was deleted meanwhile is not resurrected and the
 * jobs table holds nothing that retention would have to find.
 */
// Declaration merging needs an interface.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
export interface JobPayloads {
  /** Removes done and failed jobs after their keeping time (platform/jobs/cleanup.ts). */
  'jobs.cleanup': Record<string, never>;
}

export type JobKind = keyof JobPayloads & string;

export type EnqueueOptions = {
  /** Not before this moment (default: now). */
  runAt?: Date;
  /**
   * At most one job of this kind with this key, ever (until cleanup removes it): a second enqueue with the same
   * key does nothing and returns null. Schedules use the period as the key; use it to make "once" jobs idempotent.
   */
  singletonKey?: string;
  /** Attempts before the job is marked failed (default 5). */
  maxAttempts?: number;
};

export const DEFAULT_MAX_ATTEMPTS = 5;

/**
 * Queues a job. Pass the caller's transaction: the job exists exactly when that transaction commits (a job
 * enqueued in a rolled-back transaction never runs), so a change and the work it causes are never separated.
 * Returns the job id, or null when `singletonKey` named a job that already exists.
 */
export async function enqueueJob<K extends JobKind>(
  tx: Tx,
  kind: K,
  payload: JobPayloads[K],
  options: EnqueueOptions = {},
): Promise<string | null> {
  return insertJob(tx, jobValues({ kind, payload, options }));
}

/** One job of `enqueueJobs`. */
export type JobToQueue<K extends JobKind = JobKind> = { kind: K; payload: JobPayloads[K]; options?: EnqueueOptions };

/**
 * Queues several jobs in the caller's transaction with one statement (one round trip instead of one each), as
 * `enqueueJob` would one by one; a job whose `singletonKey` already exists is left out.
 */
export async function enqueueJobs(tx: Tx, toQueue: readonly JobToQueue[]): Promise<void> {
  await insertJobs(tx, toQueue.map(jobValues));
}

/**
 * A job to queue in the same statement as the row it delivers (an outbox's e-mail or SMS): `cte` goes in the insert's
 * `with`, and `id` is the job's id as a value of that row. One round trip instead of two, and the row exists exactly
 * when its job does. No `singletonKey`: a job left out as a duplicate would leave the row without one.
 */
export function jobInSameStatement<K extends JobKind>(
  tx: Tx,
  kind: K,
  payload: JobPayloads[K],
  options: Omit<EnqueueOptions, 'singletonKey'> = {},
): JobInSameStatement {
  return jobInsertedWith(tx, jobValues({ kind, payload, options }));
}

function jobValues({ kind, payload, options = {} }: JobToQueue): typeof jobsTable.$inferInsert {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error('maxAttempts must be a whole number ≥ 1');
  return {
    kind,
    payload: payload as Record<string, unknown>,
    runAt: options.runAt ?? new Date(),
    singletonKey: options.singletonKey ?? null,
    maxAttempts,
  };
}
