import { z } from 'zod/mini';
import { zLocalDate } from './booking';
import type { FieldMessageKey } from './field-messages';
import { addDays, dayCount, isLocalDate } from './local-date';

/** Admin feedback results (`GET /api/admin/feedback`): the period asked for, in the service's calendar (Helsinki). */
export const FEEDBACK_PERIOD = {
  /** Without dates: the last 30 days, today included. */
  defaultDays: 30,
  /** The longest period one answer covers: a year, a leap year's too. */
  maxDays: 366,
} as const;

export const ZFeedbackResultsQuery = z.object({ from: z.optional(zLocalDate()), to: z.optional(zLocalDate()) });
export type FeedbackResultsQuery = z.infer<typeof ZFeedbackResultsQuery>;

export type FeedbackPeriod =
  { ok: true; from: string; to: string } | { ok: false; issues: { field: 'from' | 'to'; key: FieldMessageKey }[] };

/**
 * The period of a feedback query: `to` left out is today, `from` left out is 30 days up to `to` (both counted); `to`
 * may not be before `from`, and the period is at most 366 days. The server answers with it and the admin page checks
 * its dates with it before asking.
 */
export function feedbackPeriod(query: FeedbackResultsQuery, today: string): FeedbackPeriod {
  const to = query.to ?? today;
  const from = query.from ?? (isLocalDate(to) ? addDays(to, -(FEEDBACK_PERIOD.defaultDays - 1)) : to);
  const issues: { field: 'from' | 'to'; key: FieldMessageKey }[] = [];
  if (query.from !== undefined && !isLocalDate(from)) issues.push({ field: 'from', key: 'date' });
  if (!isLocalDate(to)) issues.push({ field: 'to', key: 'date' });
  else if (isLocalDate(from)) {
    // `YYYY-MM-DD` sorts in calendar order.
    if (to < from) issues.push({ field: 'to', key: 'beforeStart' });
    else if (dayCount(from, to) > FEEDBACK_PERIOD.maxDays) issues.push({ field: 'from', key: 'periodTooLong' });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, from, to };
}
