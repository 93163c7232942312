import { z } from 'zod/mini';
import { zLocalDate } from './booking';
import type { FieldMessageKey } from './errors';

/** Admin feedback results (`GET /api/admin/feedback`): the period asked for, in the service's calendar (Helsinki). */
export const FEEDBACK_PERIOD = {
  /** Without dates: the last 30 days, today included. */
  defaultDays: 30,
  /** The longest period one answer covers: a year, a leap year's too. */
  maxDays: 366,
} as const;

export const ZFeedbackResultsQuery = z.object({ from: z.optional(zLocalDate()), to: z.optional(zLocalDate()) });
export type FeedbackResultsQuery = z.infer<typeof ZFeedbackResultsQuery>;

/** Days since 1970-01-01 of a `YYYY-MM-DD` calendar date; undefined for one that does not exist (30 February). */
function dayNumber(date: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === date ? ms / 86_400_000 : undefined;
}

const dateOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

export type FeedbackPeriod =
  { ok: true; from: string; to: string } | { ok: false; issues: { field: 'from' | 'to'; key: FieldMessageKey }[] };

/**
 * The period of a feedback query: `to` left out is today, `from` left out is 30 days up to `to` (both counted); `to`
 * may not be before `from`, and the period is at most 366 days. The server answers with it and the admin page checks
 * its dates with it before asking.
 */
export function feedbackPeriod(query: FeedbackResultsQuery, today: string): FeedbackPeriod {
  const to = query.to ?? today;
  const end = dayNumber(to);
  const from = query.from ?? (end === undefined ? to : dateOf(end - (FEEDBACK_PERIOD.defaultDays - 1)));
  const [f, t] = [dayNumber(from), dayNumber(to)];
  const issues: { field: 'from' | 'to'; key: FieldMessageKey }[] = [];
  if (f === undefined && query.from !== undefined) issues.push({ field: 'from', key: 'date' });
  if (t === undefined) issues.push({ field: 'to', key: 'date' });
  if (f !== undefined && t !== undefined) {
    if (t < f) issues.push({ field: 'to', key: 'beforeStart' });
    else if (t - f + 1 > FEEDBACK_PERIOD.maxDays) issues.push({ field: 'from', key: 'periodTooLong' });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, from, to };
}
