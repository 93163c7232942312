/** How long a failed job waits before its next attempt: doubling from `baseMs`, never more than `maxMs`. */
export type Backoff = { baseMs: number; maxMs: number };

export const DEFAULT_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 60 * 60_000 };

/** The wait after the `attempt`-th failed attempt (1-based): 30 s, 1 min, 2 min, … by default, capped at an hour. */
export function retryDelayMs(attempt: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** exponent);
}
