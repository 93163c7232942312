import { and, asc, count, desc, eq, inArray, isNotNull, lt, lte, min, or, sql, type SQL } from 'drizzle-orm';
import type { WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { jobs } from './jobs.tables';

export type JobRow = typeof jobs.$inferSelect;

/**
 * The payload of the `kind` job queued under `singletonKey`: an outbox whose job already exists answers with the row
 * the earlier job delivers instead of queueing a second one.
 */
export async function findSingletonJobPayload(tx: Tx, kind: string, singletonKey: string): Promise<unknown> {
  const [row] = await tx
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.singletonKey, singletonKey)));
  return row?.payload;
}

/** Inserts a job; with a singleton key that already exists, nothing happens and the answer is null. */
export async function insertJob(tx: Tx, values: typeof jobs.$inferInsert): Promise<string | null> {
  const [row] = await tx.insert(jobs).values(values).onConflictDoNothing().returning({ id: jobs.id });
  return row?.id ?? null;
}

/** A job inserted by the statement that inserts the row it delivers: `cte` for the insert's `with`, `id` as a value. */
export type JobInSameStatement = { cte: WithSubqueryWithSelection<{ id: typeof jobs.id }, 'queued_job'>; id: SQL<string> };

/** The job half of `jobInSameStatement` (queue.ts). */
export function jobInsertedWith(tx: Tx, values: typeof jobs.$inferInsert): JobInSameStatement {
  const cte = tx.$with('queued_job').as(tx.insert(jobs).values(values).returning({ id: jobs.id }));
  return { cte, id: sql<string>`(select ${cte.id} from ${cte})` };
}

/** Inserts several jobs in one statement; those whose singleton key already exists are left out. */
export async function insertJobs(tx: Tx, values: (typeof jobs.$inferInsert)[]): Promise<void> {
  if (values.length === 0) return;
  await tx.insert(jobs).values(values).onConflictDoNothing();
}

export type Claim = {
  /** Jobs now running for the caller, their attempt counted. */
  claimed: JobRow[];
  /** Jobs whose runner stopped answering during their last attempt: marked failed instead of run again. */
  gaveUp: Pick<JobRow, 'id' | 'kind' | 'attempts'>[];
};

export const CLAIM_EXPIRED_ERROR = 'claim expired during the last attempt (the runner holding it stopped)';

/**
 * Claims up to `limit` due jobs of `kinds` for one runner: queued jobs whose time has come, and running jobs whose
 * claim has expired (their runner died). `FOR UPDATE SKIP LOCKED` lets runners in several instances claim at once
 * without waiting for or taking each other's rows; setting `locked_until` keeps the jobs away from other runners
 * while this one runs them outside any transaction. The attempt is counted here. An expired claim on the job's last
 * attempt is marked failed instead. One statement: the runner polls it every second, mostly finding nothing.
 */
export async function claimJobs(
  db: Db,
  opts: { kinds: readonly string[]; now: Date; limit: number; leaseMs: (kind: string) => number },
): Promise<Claim> {
  if (opts.kinds.length === 0 || opts.limit < 1) return { claimed: [], gaveUp: [] };
  const due = db.$with('due').as(
    db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, [...opts.kinds]),
          or(and(eq(jobs.state, 'queued'), lte(jobs.runAt, opts.now)), and(eq(jobs.state, 'running'), lte(jobs.lockedUntil, opts.now))),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(opts.limit)
      .for('update', { skipLocked: true }),
  );
  // In SET, the columns are the row as it was claimed.
  const givesUp = sql`(${jobs.state} = 'running' and ${jobs.attempts} >= ${jobs.maxAttempts})`;
  const leaseMs = sql`case ${jobs.kind} ${sql.join(
    opts.kinds.map((kind) => sql`when ${kind} then ${opts.leaseMs(kind)}::int`),
    sql` `,
  )} end`;
  const rows = await db
    .with(due)
    .update(jobs)
    .set({
      state: sql`case when ${givesUp} then 'failed' else 'running' end`,
      attempts: sql`case when ${givesUp} then ${jobs.attempts} else ${jobs.attempts} + 1 end`,
      lockedUntil: sql`case when ${givesUp} then null else ${opts.now.toISOString()}::timestamptz + ${leaseMs} * interval '1 millisecond' end`,
      finishedAt: sql`case when ${givesUp} then ${opts.now.toISOString()}::timestamptz else ${jobs.finishedAt} end`,
      lastError: sql`case when ${givesUp} then ${CLAIM_EXPIRED_ERROR} else ${jobs.lastError} end`,
    })
    .from(due)
    .where(eq(jobs.id, due.id))
    .returning();
  const claimed = rows.filter((j) => j.state === 'running').sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
  const gaveUp = rows.filter((j) => j.state === 'failed').map(({ id, kind, attempts }) => ({ id, kind, attempts }));
  return { claimed, gaveUp };
}

/**
 * The claim a runner holds: the job is still running under the attempt it claimed. A runner whose claim expired and
 * was taken over by another no longer matches, so it cannot overwrite the newer attempt's outcome.
 */
function held(id: string, attempt: number) {
  return and(eq(jobs.id, id), eq(jobs.state, 'running'), eq(jobs.attempts, attempt));
}

export async function markJobDone(db: Tx, id: string, attempt: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'done', finishedAt: at, lockedUntil: null, lastError: null })
    .where(held(id, attempt))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function scheduleJobRetry(db: Tx, id: string, attempt: number, runAt: Date, lastError: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'queued', runAt, lockedUntil: null, lastError })
    .where(held(id, attempt))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Gives up on a job: the row stays, with its last error, for an operator to look at (docs/jobs.md tells how to retry). */
export async function markJobFailed(db: Tx, id: string, attempt: number, at: Date, lastError: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'failed', finishedAt: at, lockedUntil: null, lastError })
    .where(held(id, attempt))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Removes done jobs finished before `doneBefore` and failed ones before `failedBefore`; answers how many went. */
export async function deleteFinishedJobs(db: Tx, opts: { doneBefore: Date; failedBefore: Date }): Promise<number> {
  const gone = await db
    .delete(jobs)
    .where(
      and(
        isNotNull(jobs.finishedAt),
        or(
          and(eq(jobs.state, 'done'), lt(jobs.finishedAt, opts.doneBefore)),
          and(eq(jobs.state, 'failed'), lt(jobs.finishedAt, opts.failedBefore)),
        ),
      ),
    )
    .returning({ id: jobs.id });
  return gone.length;
}

/** How many jobs of each kind are in each state, and the oldest `run_at` among them. */
export async function countJobs(db: Tx) {
  return db
    .select({ kind: jobs.kind, state: jobs.state, count: count(), oldestRunAt: min(jobs.runAt) })
    .from(jobs)
    .groupBy(jobs.kind, jobs.state)
    .orderBy(jobs.kind, jobs.state);
}

/** The latest failed jobs, without their payloads. */
export async function latestFailures(db: Tx, limit: number) {
  return db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      lastError: jobs.lastError,
      createdAt: jobs.createdAt,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(eq(jobs.state, 'failed'))
    .orderBy(desc(jobs.finishedAt))
    .limit(limit);
}

export async function findJob(db: Tx, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}
