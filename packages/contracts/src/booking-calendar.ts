import { z } from 'zod/mini';
import { ZAppointmentRow, ZBreak, zLocalDate, zLocalTime } from './booking';

/** The most days the admins' calendar answers at once: a week. */
export const CALENDAR_MAX_DAYS = 7;

const days = () =>
  z._default(
    z.coerce.number().check(z.refine(Number.isInteger, 'invalid'), z.minimum(1, 'invalid'), z.maximum(CALENDAR_MAX_DAYS, 'invalid')),
    CALENDAR_MAX_DAYS,
  );

/**
 * `GET /api/admin/bookings/calendar` (issue 33): the organisation's appointments from `from` for `days` Helsinki days
 * (7, the week view, by default; 1 for the day view), of one expert or one service when given.
 */
export const ZCalendarQuery = z.object({
  from: zLocalDate(),
  days: days(),
  expertId: z.optional(z.uuid('invalid')),
  serviceId: z.optional(z.uuid('invalid')),
});
export type CalendarQuery = z.infer<typeof ZCalendarQuery>;

/** One appointment in the calendar: the list's row with the names of everyone in it (a group's too). */
export const ZCalendarAppointment = z.extend(ZAppointmentRow, {
  /** Participants' display names: patients, guests, then experts who take part (not the appointment's own expert); by name within each. */
  people: z.array(z.string()),
});
export type CalendarAppointment = z.infer<typeof ZCalendarAppointment>;

/** An expert's break in the calendar, named by the expert it belongs to. */
export const ZCalendarBreak = z.extend(ZBreak, { expertId: z.string() });
export type CalendarBreak = z.infer<typeof ZCalendarBreak>;

/**
 * The calendar's answer: open times, reserved and group appointments (cancelled ones are left out: they hold no time,
 * and the list shows them), and the breaks of the experts shown.
 */
export const ZCalendarWeek = z.object({
  from: z.string(),
  days: z.number(),
  appointments: z.array(ZCalendarAppointment),
  breaks: z.array(ZCalendarBreak),
});
export type CalendarWeek = z.infer<typeof ZCalendarWeek>;

/**
 * `POST /api/admin/bookings/{id}/move`: into an open time (its expert and time), or to a free time of an expert
 * (the length stays). `replaceOpenTimes` confirms removing open times in the way, as the edit form does.
 */
export const ZMoveInput = z.union([
  z.object({ timeslotId: z.uuid('invalid') }),
  z.object({
    expertId: z.uuid('required'),
    date: zLocalDate(),
    startTime: zLocalTime(),
    replaceOpenTimes: z.optional(z.boolean()),
  }),
]);
export type MoveInput = z.infer<typeof ZMoveInput>;

/** The moved appointment and the move that puts it back (into its reopened old time, or to its old time). */
export const ZMoveResult = z.object({ appointment: ZCalendarAppointment, undo: ZMoveInput });
export type MoveResult = z.infer<typeof ZMoveResult>;
