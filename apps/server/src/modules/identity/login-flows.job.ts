import type { Db } from '../../db/client';
import type { JobRunner } from '../../platform/jobs/runner';
import { LOGIN_FLOW_TTL_MS } from './identity.service';
import { deleteLoginFlowsBefore } from './login-flows.repo';

declare module '../../platform/jobs/queue' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface JobPayloads {
    /** Deletes sign-ins that were started and never finished (login-flows.job.ts). */
    'identity.loginFlows.purge': Record<string, never>;
  }
}

export const LOGIN_FLOW_SWEEP_MS = 10 * 60_000;

/**
 * Removes the rows of sign-ins the person never finished (the browser closed at the broker). A flow older than its
 * ten minutes is refused at the callback whether or not its row is still there; the sweep only tidies the table, so
 * starting a sign-in, the busiest moment of a rush, does not do it each time.
 */
export function registerLoginFlowPurge(runner: JobRunner, db: Db): void {
  runner.register('identity.loginFlows.purge', async (_payload, ctx) => {
    const deleted = await deleteLoginFlowsBefore(db, new Date(ctx.now.getTime() - LOGIN_FLOW_TTL_MS));
    if (deleted > 0) ctx.log.info({ deleted }, 'unfinished sign-ins removed');
  });
  runner.schedule('identity.loginFlows.purge', { everyMs: LOGIN_FLOW_SWEEP_MS }, { maxAttempts: 3 });
}
