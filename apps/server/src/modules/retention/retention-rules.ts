const DAY_MS = 86_400_000;

/**
 * The moment before which data is old enough to delete: `days` whole 24-hour days before `now`.
 * Null when the organisation keeps that data without limit. Days are counted as 24 hours of UTC time,
 * so a daylight-saving change moves nothing by an hour in a way that matters to a daily job.
 */
export function retentionCutoff(now: Date, days: number | null): Date | null {
  if (days === null || !Number.isFinite(days) || days < 0) return null;
  return new Date(now.getTime() - Math.floor(days) * DAY_MS);
}

/** Old means strictly before the cut-off: a row exactly N days old stays for this run. */
export function isExpired(at: Date, cutoff: Date | null): boolean {
  return cutoff !== null && at.getTime() < cutoff.getTime();
}
