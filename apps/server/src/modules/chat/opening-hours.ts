import { addDays, atLocalTime, isoWeekday, localDateTimeAt, SERVICE_TIME_ZONE, type HoursToday, type OpeningHours } from '@prsp/contracts';

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The local date, ISO weekday (1 = Monday) and minute of the day at `instant` in `timeZone`. */
export function localClock(instant: Date, timeZone: string = SERVICE_TIME_ZONE): { date: string; weekday: number; minute: number } {
  const { date, time } = localDateTimeAt(instant, timeZone);
  return { date, weekday: isoWeekday(date), minute: minutes(time) };
}

const within = (minute: number, opens: string, closes: string) => minute >= minutes(opens) && minute < minutes(closes);

/**
 * Whether a queue takes patients at `now` (spec §2 chat-not-available when it does not). An admin's `closed` switch
 * wins; then `alwaysOpen`; then an exception for the local date (closed all day, or its own hours) replaces the
 * weekday's ranges; otherwise the weekday's ranges, each open from `opens` up to (not including) `closes`, in the
 * service's time zone, so a changeover to or from daylight saving time moves nothing.
 */
export function isQueueOpen(hours: OpeningHours, now: Date, timeZone: string = SERVICE_TIME_ZONE): boolean {
  if (hours.closed) return false;
  if (hours.alwaysOpen) return true;
  const { date, weekday, minute } = localClock(now, timeZone);
  const exception = hours.exceptions.find((e) => e.date === date);
  if (exception)
    return (
      !exception.closed &&
      exception.opens !== undefined &&
      exception.closes !== undefined &&
      within(minute, exception.opens, exception.closes)
    );
  return hours.weekly.some((range) => range.weekday === weekday && within(minute, range.opens, range.closes));
}

/**
 * A queue's hours on the local day of `now`, as the patient's service card shows them: always open, or the day's
 * ranges in order (none: closed all day, by the admin's switch, a closing exception or a weekday without hours).
 */
export function hoursOnDay(hours: OpeningHours, now: Date, timeZone: string = SERVICE_TIME_ZONE): HoursToday {
  if (hours.closed) return { alwaysOpen: false, ranges: [] };
  if (hours.alwaysOpen) return { alwaysOpen: true, ranges: [] };
  return { alwaysOpen: false, ranges: rangesOn(hours, localClock(now, timeZone).date) };
}

/** The ranges of one local date in order: its exception's (none when it closes the day), else its weekday's. */
function rangesOn(hours: OpeningHours, date: string): HoursToday['ranges'] {
  const exception = hours.exceptions.find((e) => e.date === date);
  if (exception)
    return !exception.closed && exception.opens && exception.closes ? [{ opens: exception.opens, closes: exception.closes }] : [];
  const weekday = isoWeekday(date);
  return hours.weekly
    .filter((r) => r.weekday === weekday)
    .map(({ opens, closes }) => ({ opens, closes }))
    .sort((a, b) => minutes(a.opens) - minutes(b.opens));
}

/**
 * The instant a range opening at `opens` on `date` opens, as `isQueueOpen` sees it: the wall-clock time, or, for a
 * time the spring changeover skips, the changeover itself (the first instant whose local time is past `opens`).
 */
function openingInstant(date: string, opens: string, timeZone: string): Date {
  let start = atLocalTime(date, Number(opens.slice(0, 2)), Number(opens.slice(3, 5)), timeZone);
  const wanted = minutes(opens);
  const isOpenAt = (t: number) => {
    const c = localClock(new Date(t), timeZone);
    return c.date === date && c.minute >= wanted;
  };
  // In a gap the guess lands after the jump by up to its length: step back to the jump, a minute at a time.
  while (isOpenAt(start.getTime() - 60_000)) start = new Date(start.getTime() - 60_000);
  return start;
}

/** How far ahead `nextOpening` looks: two weeks cover a holiday season's closed days and the week's wrap. */
export const NEXT_OPENING_DAYS = 14;

/**
 * When the queue next opens after `now` (issue 32: "no professionals available right now", and when to come back):
 * the first start of a range strictly after `now`, today's later ranges first, then the next days' (the week wraps
 * from Sunday to Monday; exceptions replace their date's weekday), as an instant: a start on a daylight-saving
 * changeover day is that day's wall-clock time (a start the clock skips is the instant it jumps to). Null when the
 * queue is always open or switched closed, or has no range in the next NEXT_OPENING_DAYS days.
 */
export function nextOpening(hours: OpeningHours, now: Date, timeZone: string = SERVICE_TIME_ZONE): Date | null {
  if (hours.closed || hours.alwaysOpen) return null;
  const today = localClock(now, timeZone).date;
  for (let day = 0; day <= NEXT_OPENING_DAYS; day++) {
    const date = addDays(today, day);
    for (const range of rangesOn(hours, date)) {
      const start = openingInstant(date, range.opens, timeZone);
      if (start.getTime() > now.getTime()) return start;
    }
  }
  return null;
}
