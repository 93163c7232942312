import type { Db } from '../../db/client';
import type { FileStore } from '../../platform/files/file-store';
import { removeStored } from '../../platform/files/stored-files';
import { JobError } from '../../platform/jobs/job-error';
import type { JobRunner } from '../../platform/jobs/runner';
import type { JobSchedule } from '../../platform/jobs/schedule';
import { runRetention } from './retention.service';

declare module '../../platform/jobs/queue' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface JobPayloads {
    /** Deletes what every organisation's retention settings say is old (retention.service.ts). */
    'retention.run': Record<string, never>;
  }
}

/** Every night at 02:00 Helsinki time, when the service is quiet (and away from the 03:00/04:00 clock changes). */
export const RETENTION_SCHEDULE: JobSchedule = { dailyAt: '02:00' };

/**
 * Retention as a scheduled job: one run per day across all instances (the day is the job's singleton key). A run
 * that fails rolls back whole and is retried after 5, 10 minutes; the next day's run comes whatever happens.
 */
export function registerRetentionJob(runner: JobRunner, db: Db, files: FileStore): void {
  runner.register(
    'retention.run',
    async (_payload, ctx) => {
      const run = await runRetention(db, { now: ctx.now });
      // Someone else holds the retention lock (a run started by hand): try again later rather than call this done.
      if (!run.ran) throw new JobError('another retention run holds the lock');
      // The rows are gone for good; bytes that fail to go are logged, never served again.
      await removeStored(files, run.fileKeys, ctx.log);
      ctx.log.info({ organisations: run.organisations.length, files: run.fileKeys.length }, 'retention run finished');
    },
    { leaseMs: 30 * 60_000, backoff: { baseMs: 5 * 60_000 } },
  );
  runner.schedule('retention.run', RETENTION_SCHEDULE, { maxAttempts: 3 });
}
