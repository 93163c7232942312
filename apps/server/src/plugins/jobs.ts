import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { registerJobsCleanup } from '../platform/jobs/cleanup';
import { jobsAdminRoutes } from '../platform/jobs/jobs.routes';
import { createJobRunner, type JobRunner } from '../platform/jobs/runner';
import { purgeExpiredSessions, type SessionPolicy } from '../platform/session/sessions.service';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The job runner: `main.ts` starts and stops it; plugins register their kinds on it; tests call `runOnce`. */
    jobs: JobRunner;
  }
}

declare module '../platform/jobs/queue' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface JobPayloads {
    /** Deletes sessions past their idle or absolute limit (platform/session). */
    'sessions.purge': Record<string, never>;
  }
}

/** Abandoned sessions (the browser closed, never signed out) are deleted within the hour after they end. */
export function registerSessionPurge(runner: JobRunner, db: Db, policy: SessionPolicy): void {
  runner.register('sessions.purge', async (_payload, ctx) => {
    const deleted = await purgeExpiredSessions(db, policy, ctx.now);
    ctx.log.info({ deleted }, 'expired sessions purged');
  });
  runner.schedule('sessions.purge', { everyMs: 60 * 60_000 }, { maxAttempts: 3 });
}

/**
 * The job runner (platform/jobs, docs/jobs.md) with the platform's housekeeping: session purge hourly and the cleanup
 * of finished jobs; plus the global admins' read-only view of the jobs. Plugins and modules register their kinds on
 * `app.jobs` (the mail plugin: `mail.send`; the booking module: hold expiry and reminders). The runner is not started
 * here: `main.ts` starts it once the app is built and stops it before closing, and tests run it by hand.
 */
export const jobsPlugin = fp(async (app: FastifyInstance, opts: { config: Config; db: Db }) => {
  const runner = createJobRunner({
    db: opts.db,
    log: app.log,
    pollIntervalMs: opts.config.jobs.pollIntervalMs,
    concurrency: opts.config.jobs.concurrency,
  });
  registerJobsCleanup(runner, opts.db);
  registerSessionPurge(runner, opts.db, opts.config.session);
  app.decorate('jobs', runner);
  // A runner someone started is stopped before the database goes (stop is idempotent; main.ts stops it first).
  app.addHook('onClose', () => runner.stop());
  await app.register(jobsAdminRoutes, { db: opts.db, runner });
});
