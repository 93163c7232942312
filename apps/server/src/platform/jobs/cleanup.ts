import type { Db } from '../../db/client';
import { deleteFinishedJobs } from './jobs.repo';
import type { JobRunner } from './runner';

/** How long finished jobs stay for an operator to look at (a failed one longer: someone may want to retry it). */
export const JOB_KEEP_DAYS = { done: 14, failed: 90 };

const DAY_MS = 86_400_000;

/** The runner's own housekeeping: every night, removes done and failed jobs older than JOB_KEEP_DAYS. */
export function registerJobsCleanup(runner: JobRunner, db: Db): void {
  runner.register('jobs.cleanup', async (_payload, ctx) => {
    const deleted = await deleteFinishedJobs(db, {
      doneBefore: new Date(ctx.now.getTime() - JOB_KEEP_DAYS.done * DAY_MS),
      failedBefore: new Date(ctx.now.getTime() - JOB_KEEP_DAYS.failed * DAY_MS),
    });
    ctx.log.info({ deleted }, 'finished jobs removed');
  });
  runner.schedule('jobs.cleanup', { dailyAt: '04:30' });
}
