import { addDays, isoWeekday, type CalendarAppointment, type CalendarWeek, type Language, type LocalDate } from '@prsp/contracts';
import type { TimeGridItem } from '@/features/calendar/time-grid';
import type { TFunction } from '@/lib/i18n';
import { formatTimeRange } from '@/lib/format';
import { clock, meetingKindOfRow } from './booking-format';

/** The Monday of `date`'s week (the week view starts on Monday, as Finnish calendars do). */
export function mondayOf(date: LocalDate): LocalDate {
  return addDays(date, 1 - isoWeekday(date));
}

/** Whether an appointment can still be moved: reserved, not held, missed or over (the server says the same, 423). */
export function isMovable(a: CalendarAppointment, now: number): boolean {
  return (a.status === 'booked' || a.status === 'selfBooked') && a.visit === null && a.endTime > now;
}

/** An open time that can be dragged or dropped on: nobody is booking it, and it is ahead. */
export function isFreeOpenTime(a: CalendarAppointment, now: number): boolean {
  return a.status === 'open' && a.heldUntil === null && a.startTime > now;
}

function stateOf(a: CalendarAppointment, t: TFunction): string {
  if (a.status === 'open') return t(a.heldUntil ? 'admin.bookings.calendar.state.onHold' : 'admin.bookings.calendar.state.open');
  if (a.visit) return t(`admin.bookings.calendar.state.${a.visit}`);
  return t('admin.bookings.calendar.state.reserved');
}

/**
 * The calendar's items: each appointment and open time with its time, kind (chat, video, group) and state in words,
 * the people in it and, when the view is a service's, its expert; each break of the experts shown. What the admin
 * may drag (`canEdit`): reserved appointments not settled and open times nobody is booking; open times take drops.
 */
export function calendarItems(
  week: CalendarWeek,
  opts: { t: TFunction; lang: Language; canEdit: boolean; showExpert: boolean; now: number; expertNames: Map<string, string> },
): TimeGridItem[] {
  const { t, lang } = opts;
  const hours = (start: number, end: number) => `${clock(start, lang)}–${clock(end, lang)}`;
  const items: TimeGridItem[] = week.appointments.map((a) => {
    const kind = t(`admin.bookings.meetingKind.${meetingKindOfRow(a)}`);
    const state = stateOf(a, t);
    const people = a.people.join(', ');
    const expert = opts.showExpert ? t('admin.bookings.calendar.expertOf', { name: a.expert.name }) : '';
    const group = a.kind === 'group' && a.name ? a.name : '';
    const open = a.status === 'open';
    return {
      id: a.id,
      start: a.startTime,
      end: a.endTime,
      lines: [hours(a.startTime, a.endTime), `${kind} · ${state}`, ...[group, people, expert].filter(Boolean)],
      label: [formatTimeRange(a.startTime, a.endTime, lang), kind, state, group, people, expert].filter(Boolean).join(', '),
      tone: open ? 'open' : a.visit ? 'muted' : a.kind === 'group' ? 'group' : 'booked',
      draggable: opts.canEdit && (open ? isFreeOpenTime(a, opts.now) : isMovable(a, opts.now)),
      dropTarget: opts.canEdit && open && isFreeOpenTime(a, opts.now),
    };
  });
  for (const b of week.breaks) {
    const expert = opts.expertNames.get(b.expertId) ?? '';
    const who = opts.showExpert && expert ? t('admin.bookings.calendar.expertOf', { name: expert }) : '';
    items.push({
      id: `break-${b.id}`,
      start: b.startTime,
      end: b.endTime,
      lines: [hours(b.startTime, b.endTime), t('admin.bookings.calendar.break'), ...(who ? [who] : [])],
      label: [formatTimeRange(b.startTime, b.endTime, lang), t('admin.bookings.calendar.break'), who].filter(Boolean).join(', '),
      tone: 'break',
      inert: true,
    });
  }
  return items;
}
