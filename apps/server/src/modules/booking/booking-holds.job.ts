import type { Db } from '../../db/client';
import type { JobRunner } from '../../platform/jobs/runner';
import { deleteExpiredHolds } from './booking.repo';

declare module '../../platform/jobs/queue' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface JobPayloads {
    /** Removes booking holds whose 15 minutes have run out (booking-holds.job.ts). */
    'booking.holds.expire': Record<string, never>;
  }
}

/** How often expired holds are swept. A hold counts as gone the moment it expires; the sweep only tidies the table. */
export const HOLD_SWEEP_MS = 60_000;

/**
 * Releases the holds of patients who never confirmed, even when their browser is gone (spec §4: an unconfirmed slot
 * is held 15 minutes). Every rule already treats an expired hold as free; the sweep removes the rows, once a minute,
 * claimed by one instance.
 */
export function registerHoldExpiry(runner: JobRunner, db: Db): void {
  runner.register('booking.holds.expire', async (_payload, ctx) => {
    const released = await deleteExpiredHolds(db, ctx.now);
    if (released > 0) ctx.log.info({ released }, 'expired booking holds released');
  });
  runner.schedule('booking.holds.expire', { everyMs: HOLD_SWEEP_MS }, { maxAttempts: 3 });
}
