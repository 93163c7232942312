import { z } from 'zod/mini';
import { zLocalDate } from './booking';
import { SCORE_TYPES } from './chat';
import { ZLocalized } from './organisation-content';
import { zText, zUuid } from './text';

/**
 * Admin statistics (`GET /api/admin/statistics`, issue 32 point 3, docs/statistics.md). The period is the feedback
 * results' own (`feedbackPeriod`: Helsinki calendar days, both counted, at most 366); the filters narrow every figure
 * they apply to.
 */
export const ZStatisticsQuery = z.object({
  from: z.optional(zLocalDate()),
  to: z.optional(zLocalDate()),
  serviceId: z.optional(zUuid()),
  queueId: z.optional(zText().check(z.minLength(1, 'required'), z.maxLength(100, 'tooLong'))),
  expertId: z.optional(zUuid()),
});
export type StatisticsQuery = z.infer<typeof ZStatisticsQuery>;

/**
 * Small counts: in a breakdown (per day, service, queue or expert) a count from 1 to `below − 1` is answered as
 * `SUPPRESSED`, and a time or score computed from fewer than `below` rows is left out (null), so that nobody can be
 * recognised from a figure. The organisation's totals over the whole period are exact.
 */
export const STATISTICS_SUPPRESSION = { below: 5 } as const;
export const SUPPRESSED = '<5' as const;

/** A count: exact, or `"<5"` where it was suppressed. */
export const ZStatCount = z.union([z.number(), z.literal(SUPPRESSED)]);
export type StatCount = z.infer<typeof ZStatCount>;
/** A count that may not apply (message requests have no service or queue): null. The null sits on the number, for OpenAPI 3.0's sake (a nullable union has no type). */
const ZStatCountOrNull = z.union([z.nullable(z.number()), z.literal(SUPPRESSED)]);
/** A duration in whole seconds, or null: nothing to measure, or too few to show. */
const ZSeconds = z.nullable(z.number());

export const ZStatFeedback = z.object({
  scoreType: z.enum(SCORE_TYPES),
  count: ZStatCount,
  average: z.nullable(z.number()),
  nps: z.nullable(z.number()),
});
export type StatFeedback = z.infer<typeof ZStatFeedback>;

/** Every figure of one group (the whole organisation, a day, a service, a queue or an expert). */
export const ZStatFigures = z.object({
  chatsHandled: ZStatCount,
  chatsAbandoned: ZStatCount,
  transfers: ZStatCount,
  waitMedianSeconds: ZSeconds,
  waitP90Seconds: ZSeconds,
  handlingMedianSeconds: ZSeconds,
  bookingsMade: ZStatCount,
  cancelledByPatient: ZStatCount,
  cancelledByAdmin: ZStatCount,
  cancelledByExpert: ZStatCount,
  held: ZStatCount,
  noShows: ZStatCount,
  /** Secure messages are neither a service's nor a queue's: null when those filters or breakdowns are asked. */
  messagesReceived: ZStatCountOrNull,
  messagesAnswered: ZStatCountOrNull,
  firstAnswerMedianSeconds: ZSeconds,
  surveysSent: ZStatCount,
  surveysAnswered: ZStatCount,
  feedback: z.array(ZStatFeedback),
});
export type StatFigures = z.infer<typeof ZStatFigures>;

/** The counts of `StatFigures`, in the order the page and the CSV show them. */
export const STAT_COUNTS = [
  'chatsHandled',
  'chatsAbandoned',
  'transfers',
  'bookingsMade',
  'cancelledByPatient',
  'cancelledByAdmin',
  'cancelledByExpert',
  'held',
  'noShows',
  'messagesReceived',
  'messagesAnswered',
  'surveysSent',
  'surveysAnswered',
] as const;
export const STAT_DURATIONS = ['waitMedianSeconds', 'waitP90Seconds', 'handlingMedianSeconds', 'firstAnswerMedianSeconds'] as const;
export type StatCountKey = (typeof STAT_COUNTS)[number];
export type StatDurationKey = (typeof STAT_DURATIONS)[number];

const ZChoice = z.object({ id: z.string(), name: z.string() });

export const ZStatistics = z.object({
  from: z.string(),
  to: z.string(),
  totals: ZStatFigures,
  byDay: z.array(z.object({ date: z.string(), figures: ZStatFigures })),
  byService: z.array(z.object({ serviceId: z.nullable(z.string()), name: z.nullable(ZLocalized), figures: ZStatFigures })),
  byQueue: z.array(z.object({ queueId: z.nullable(z.string()), name: z.nullable(z.string()), figures: ZStatFigures })),
  byExpert: z.array(z.object({ expertId: z.nullable(z.string()), name: z.string(), figures: ZStatFigures })),
  /** Feedback comments of the period, newest first (at most `STATISTICS_COMMENTS_MAX`): no names, no chat. */
  comments: z.array(z.object({ date: z.string(), scoreType: z.enum(SCORE_TYPES), score: z.number(), text: z.string() })),
  commentsLeftOut: z.number(),
  /** What the filters offer: the organisation's services, queues and experts. */
  choices: z.object({
    services: z.array(z.object({ id: z.string(), name: ZLocalized })),
    queues: z.array(ZChoice),
    experts: z.array(ZChoice),
  }),
});
export type Statistics = z.infer<typeof ZStatistics>;

export const STATISTICS_COMMENTS_MAX = 200;

/** Keeps a count when it is 0 or at least `below`, else answers `"<5"` (a server rule; the page only shows it). */
export function suppressCount(count: number): StatCount {
  return count > 0 && count < STATISTICS_SUPPRESSION.below ? SUPPRESSED : count;
}
