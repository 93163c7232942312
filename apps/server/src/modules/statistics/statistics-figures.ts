import { STATISTICS_SUPPRESSION, suppressCount, type StatCount, type StatFeedback, type StatFigures } from '@prsp/contracts';
import { figuresOf } from '../chat/feedback-results.service';
import type { BookingRow, ChatRow, Dimension, FeedbackRow, MessageRow, SurveyRow } from './statistics.repo';

/** The database's sums of one group (one day, service, queue or expert, or the whole period), any of them absent. */
export type GroupSums = {
  chat?: ChatRow;
  booking?: BookingRow;
  /** Undefined where secure messages do not apply (a service's or queue's group, or such a filter). */
  message?: MessageRow | null;
  feedback: FeedbackRow[];
  survey?: SurveyRow;
};

/** A duration in whole seconds from the database's fraction, or null when there is none or too few to show. */
export function secondsOf(value: number | string | null | undefined, basis: number, suppress: boolean): number | null {
  if (value === null || value === undefined || basis === 0) return null;
  if (suppress && basis < STATISTICS_SUPPRESSION.below) return null;
  return Math.round(Number(value));
}

/**
 * The figures of one group. With `suppress` (a breakdown row, or totals that name one expert) a count from 1 to 4 is
 * `"<5"`, and a median, p90, average or NPS computed from fewer than 5 rows is null: a day with one chat would
 * otherwise tell that patient's wait, a score from two answers close to who gave them.
 */
export function figuresOfGroup(sums: GroupSums, suppress: boolean): StatFigures {
  const count = (n: number | undefined): StatCount => (suppress ? suppressCount(n ?? 0) : (n ?? 0));
  const { chat, booking, message, survey } = sums;
  const feedback: StatFeedback[] = figuresOf(sums.feedback).map((f) =>
    suppress && f.count < STATISTICS_SUPPRESSION.below ? { ...f, count: suppressCount(f.count), average: null, nps: null } : f,
  );
  return {
    chatsHandled: count(chat?.handled),
    chatsAbandoned: count(chat?.abandoned),
    transfers: count(chat?.transfers),
    waitMedianSeconds: secondsOf(chat?.waitMedian, chat?.waitCount ?? 0, suppress),
    waitP90Seconds: secondsOf(chat?.waitP90, chat?.waitCount ?? 0, suppress),
    handlingMedianSeconds: secondsOf(chat?.handlingMedian, chat?.handlingCount ?? 0, suppress),
    bookingsMade: count(booking?.made),
    cancelledByPatient: count(booking?.cancelledByPatient),
    cancelledByAdmin: count(booking?.cancelledByAdmin),
    cancelledByExpert: count(booking?.cancelledByExpert),
    held: count(booking?.held),
    noShows: count(booking?.noShows),
    messagesReceived: message === null ? null : count(message?.received),
    messagesAnswered: message === null ? null : count(message?.answered),
    firstAnswerMedianSeconds: message ? secondsOf(message.firstAnswerMedian, message.firstAnswerCount, suppress) : null,
    surveysSent: count(survey?.sent),
    surveysAnswered: count(survey?.answered),
    feedback,
  };
}

/** The database's rows by group: `dim` then `key` (`null` for rows that name no service, queue or expert). */
export function indexRows(rows: {
  chat: ChatRow[];
  booking: BookingRow[];
  message: MessageRow[] | null;
  feedback: FeedbackRow[];
  survey: SurveyRow[];
}) {
  const groups = new Map<string, GroupSums>();
  const id = (dim: Dimension, key: string | null) => `${dim}\u0000${key ?? ''}`;
  const at = (dim: Dimension, key: string | null) => {
    const k = id(dim, key);
    let group = groups.get(k);
    if (!group) {
      group = { feedback: [], message: rows.message === null || dim === 'service' || dim === 'queue' ? null : undefined };
      groups.set(k, group);
    }
    return group;
  };
  for (const r of rows.chat) at(r.dim, r.key).chat = r;
  for (const r of rows.booking) at(r.dim, r.key).booking = r;
  for (const r of rows.message ?? []) if (r.dim !== 'service' && r.dim !== 'queue') at(r.dim, r.key).message = r;
  for (const r of rows.feedback) at(r.dim, r.key).feedback.push(r);
  for (const r of rows.survey) at(r.dim, r.key).survey = r;
  /** The keys seen for one dimension, and a group's sums (empty sums for a key nobody counted). */
  return {
    keys: (dim: Dimension) => [...groups.keys()].filter((k) => k.startsWith(`${dim}\u0000`)).map((k) => k.slice(dim.length + 1) || null),
    sums: (dim: Dimension, key: string | null): GroupSums =>
      groups.get(id(dim, key)) ?? {
        feedback: [],
        message: rows.message === null || dim === 'service' || dim === 'queue' ? null : undefined,
      },
  };
}
