import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { runRetention } from './retention.service';

export type RetentionTimer = { stop(): Promise<void> };

/**
 * Ticks every hour (first a minute after start) and runs retention when a day has passed since the last run.
 * Every instance ticks; the advisory lock and the last-run check in `runRetention` make one of them do the work.
 */
export function startRetentionTimer(opts: { db: Db; log: FastifyBaseLogger; everyMs?: number; firstAfterMs?: number }): RetentionTimer {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = runRetention(opts.db, { onlyIfDue: true })
      .then((run) => {
        if (run.ran) opts.log.info({ organisations: run.organisations.length }, 'retention run finished');
      })
      .catch((err: unknown) => opts.log.error({ err }, 'retention run failed'))
      .finally(() => {
        running = undefined;
      });
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    tick();
    interval = setInterval(tick, opts.everyMs ?? 3_600_000);
    interval.unref();
  }, opts.firstAfterMs ?? 60_000);
  first.unref();
  return {
    async stop() {
      clearTimeout(first);
      if (interval) clearInterval(interval);
      await running;
    },
  };
}
