import { z } from 'zod/mini';
import { zMultilineText, zText } from './text';
import { ZAppointmentKind, ZBookingStatus, zLocalDate } from './booking';

/**
 * Bulk actions on the admin's booking list (issue 33 point 2): select many open times or bookings — by their ids, or
 * by expert and day or range — and delete the open times, cancel the bookings with one message to everyone, or move
 * them to another expert's free open times. A preview shows what will happen to each row; the apply takes the
 * preview's fingerprint and answers 409 (`errors.bulkSelectionChanged`) when anything changed since.
 */
export const BULK_LIMITS = {
  /** At most this many rows in one action (explicit ids, or what a range finds). */
  maxItems: 500,
  /** A range selection covers at most this many days. */
  maxDays: 31,
  /** The message to everyone. */
  maxMessage: 1000,
} as const;

/** Explicit rows (the list's checkboxes), or every row of an expert (or of all experts) from one day to another. */
export const ZBulkSelection = z.discriminatedUnion('by', [
  z.object({
    by: z.literal('ids'),
    ids: z.array(z.uuid('invalid')).check(z.minLength(1, 'required'), z.maxLength(BULK_LIMITS.maxItems, 'tooLong')),
  }),
  z.object({
    by: z.literal('range'),
    /** Without it, every expert's rows (a whole day of the organisation). */
    expertId: z.optional(z.uuid('invalid')),
    from: zLocalDate(),
    to: zLocalDate(),
  }),
]);
export type BulkSelection = z.infer<typeof ZBulkSelection>;

const message = () => zMultilineText().check(z.trim(), z.maxLength(BULK_LIMITS.maxMessage, 'tooLong'));

/** What to do with what was selected. */
export const ZBulkAction = z.discriminatedUnion('kind', [
  /** Delete the open times among them (a time a patient holds right now is left). */
  z.object({ kind: z.literal('deleteOpenTimes') }),
  /** Cancel the reserved ones; the message is the reason every participant reads, once, in one e-mail. */
  z.object({ kind: z.literal('cancel'), message: message().check(z.minLength(1, 'required')) }),
  /**
   * Move the reserved one-to-one bookings to `toExpertId`'s open times the same day: the one at the same start, else the
   * nearest free one. Those that cannot be moved are cancelled (`unmovable: 'cancel'`) or left as they are.
   */
  z.object({
    kind: z.literal('move'),
    toExpertId: z.uuid('required'),
    unmovable: z.enum(['leave', 'cancel']),
    message: z.optional(message()),
  }),
]);
export type BulkAction = z.infer<typeof ZBulkAction>;
export type BulkActionKind = BulkAction['kind'];

export const ZBulkPreviewRequest = z.object({ selection: ZBulkSelection, action: ZBulkAction });
export type BulkPreviewRequest = z.infer<typeof ZBulkPreviewRequest>;

/** The apply sends what it previewed and the preview's fingerprint. */
export const ZBulkApplyRequest = z.object({
  selection: ZBulkSelection,
  action: ZBulkAction,
  fingerprint: zText().check(z.minLength(1, 'required'), z.maxLength(128, 'tooLong')),
});
export type BulkApplyRequest = z.infer<typeof ZBulkApplyRequest>;

/** What happens to one row. */
export const BULK_OUTCOMES = ['delete', 'cancel', 'move', 'skip'] as const;
export const ZBulkOutcome = z.enum(BULK_OUTCOMES);
export type BulkOutcome = z.infer<typeof ZBulkOutcome>;

/**
 * Why a row is left as it is, or (`noFreeTime` with `unmovable: 'cancel'`) cancelled instead of moved: `notOpen` (only
 * open times are deleted), `notReserved` (open or already cancelled), `settled` (held, missed or over), `heldByPatient`
 * (a patient is booking that open time right now), `group` (a group appointment is not moved), `sameExpert` (it is
 * already the target expert's), `noFreeTime` (the target expert has no free open time that day).
 */
export const BULK_SKIP_REASONS = ['notOpen', 'notReserved', 'settled', 'heldByPatient', 'group', 'sameExpert', 'noFreeTime'] as const;
export const ZBulkSkipReason = z.enum(BULK_SKIP_REASONS);
export type BulkSkipReason = z.infer<typeof ZBulkSkipReason>;

export const ZBulkItem = z.object({
  id: z.string(),
  status: ZBookingStatus,
  kind: ZAppointmentKind,
  video: z.boolean(),
  startTime: z.number(),
  endTime: z.number(),
  expertName: z.string(),
  /** The one-to-one patient's name (patient data: the preview is audited), or null. */
  patientName: z.nullable(z.string()),
  participantCount: z.number(),
  outcome: ZBulkOutcome,
  reason: z.nullable(ZBulkSkipReason),
  /** A move's open time. */
  target: z.nullable(z.object({ timeslotId: z.string(), expertName: z.string(), startTime: z.number(), endTime: z.number() })),
});
export type BulkItem = z.infer<typeof ZBulkItem>;

export const ZBulkCounts = z.object({ delete: z.number(), cancel: z.number(), move: z.number(), skip: z.number() });
export type BulkCounts = z.infer<typeof ZBulkCounts>;

export const ZBulkPreview = z.object({
  /** Names this exact plan: the apply refuses (409) when the plan it would carry out now differs. */
  fingerprint: z.string(),
  items: z.array(ZBulkItem),
  counts: ZBulkCounts,
  /** How many people get an e-mail (one each, however many of their appointments the action changes). */
  recipients: z.number(),
});
export type BulkPreview = z.infer<typeof ZBulkPreview>;

export const ZBulkResult = z.object({ counts: ZBulkCounts, emails: z.number() });
export type BulkResult = z.infer<typeof ZBulkResult>;
