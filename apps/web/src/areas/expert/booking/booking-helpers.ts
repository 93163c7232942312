import type { AppointmentRow, BookingStatus, Break, ExpertBookingQuery, VisitState } from '@prsp/contracts';
import { BOOKING_STATUSES, CHAT_LIMITS, isLocalDate } from '@prsp/contracts';

/**
 * Spec §4 'Booking statuses': selfBooked and booked are both shown as Reserved, open slots as Free. A reserved one
 * whose visit was held or missed shows that instead; an open slot whose start has passed was left unbooked, not free.
 */
export type ShownStatus = 'reserved' | 'free' | 'cancelled' | 'break' | 'held' | 'noShow' | 'unused';

export function shownStatus(status: BookingStatus, visit: VisitState | null = null, started = false): ShownStatus {
  switch (status) {
    case 'selfBooked':
    case 'booked':
      return visit ?? 'reserved';
    case 'open':
      return started ? 'unused' : 'free';
    case 'cancelled':
      return 'cancelled';
  }
}

/** How the appointment is held, for the schedule's marker: a one-to-one by chat or video, a group by chat or video. */
export function appointmentType(row: Pick<AppointmentRow, 'kind' | 'video'>): 'chat' | 'video' | 'group' | 'groupVideo' {
  if (row.kind === 'group') return row.video ? 'groupVideo' : 'group';
  return row.video ? 'video' : 'chat';
}

/**
 * Whether the expert can open the appointment's chat or video now: a reserved one from 5 minutes before its start
 * until its end (the window the server keeps, spec §4 'Start button'). 'soon' while it is still to open today.
 */
export function startState(row: Pick<AppointmentRow, 'status' | 'startTime' | 'endTime'>, now: number): 'open' | 'soon' | 'none' {
  if (row.status !== 'booked' && row.status !== 'selfBooked') return 'none';
  if (now >= row.endTime) return 'none';
  return now >= row.startTime - CHAT_LIMITS.groupOpensBeforeMs ? 'open' : 'soon';
}

/** Who the appointment is with: the group's name, the one-to-one patient's name, or nothing for a free slot. */
export function withWhom(row: Pick<AppointmentRow, 'kind' | 'name' | 'patientName' | 'status'>): string {
  if (row.kind === 'group') return row.name;
  return row.patientName ?? '';
}

export type ScheduleEntry =
  | { type: 'appointment'; key: string; startTime: number; endTime: number; status: ShownStatus; appointment: AppointmentRow }
  | { type: 'break'; key: string; startTime: number; endTime: number; status: 'break'; pause: Break }
  | { type: 'now'; key: 'now'; startTime: number; endTime: number };

/**
 * One day's appointments and breaks in time order (a break before an appointment starting at the same moment). Given
 * `now`, free times that have begun show as unbooked, and with `line` (the day is today, and not empty) a 'now' line
 * stands where the time falls (before what starts after it).
 */
export function scheduleEntries(
  appointments: readonly AppointmentRow[],
  breaks: readonly Break[],
  at?: { now: number; line: boolean },
): ScheduleEntry[] {
  const entries: ScheduleEntry[] = [
    ...appointments.map((a) => ({
      type: 'appointment' as const,
      key: `a-${a.id}`,
      startTime: a.startTime,
      endTime: a.endTime,
      status: shownStatus(a.status, a.visit, at !== undefined && a.startTime <= at.now),
      appointment: a,
    })),
    ...breaks.map((b) => ({
      type: 'break' as const,
      key: `b-${b.id}`,
      startTime: b.startTime,
      endTime: b.endTime,
      status: 'break' as const,
      pause: b,
    })),
  ];
  entries.sort((x, y) => x.startTime - y.startTime || (x.type === y.type ? x.endTime - y.endTime : x.type === 'break' ? -1 : 1));
  // An empty day keeps its 'no appointments' message rather than a table holding only the line.
  if (!at?.line || entries.length === 0) return entries;
  const next = entries.findIndex((e) => e.startTime > at.now);
  const line = { type: 'now' as const, key: 'now' as const, startTime: at.now, endTime: at.now };
  return next === -1 ? [...entries, line] : [...entries.slice(0, next), line, ...entries.slice(next)];
}

/** Minutes between two moments, for breaks (appointments carry their own duration). */
export function minutesBetween(start: number, end: number): number {
  return Math.round((end - start) / 60_000);
}

/** Where the details page's Back link goes: the list the expert came from, else today's schedule. */
export function backTarget(state: unknown): string {
  const back = (state as { back?: unknown } | null)?.back;
  return typeof back === 'string' && back.startsWith('/expert/') && !back.startsWith('//') ? back : '/expert/schedule';
}

export type BookingFilters = Pick<ExpertBookingQuery, 'from' | 'to' | 'status' | 'page'> & {
  /** 'true': open timeslots are listed too (by default the list holds the appointments only). */
  openTimes?: 'true';
};

/** The all-bookings filters from the page address (so Back from the details keeps them); bad values are dropped. */
export function filtersFromSearch(search: URLSearchParams, today: string): BookingFilters {
  const from = search.get('from');
  const to = search.get('to');
  const status = search.get('status');
  const page = Number(search.get('page'));
  return {
    from: isLocalDate(from) ? from : today,
    to: isLocalDate(to) ? to : undefined,
    status: (BOOKING_STATUSES as readonly string[]).includes(status ?? '') ? (status as BookingStatus) : undefined,
    openTimes: search.get('openTimes') === 'true' ? 'true' : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The page address of the filters; the defaults (from today, page 1) are left out. */
export function searchOfFilters(filters: BookingFilters, today: string): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.from && filters.from !== today) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  if (filters.status) search.set('status', filters.status);
  if (filters.openTimes) search.set('openTimes', filters.openTimes);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** The page number from the page address (history list). */
export function pageFromSearch(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
