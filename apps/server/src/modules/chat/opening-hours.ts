import { isoWeekday, localDateTimeAt, SERVICE_TIME_ZONE, type HoursToday, type OpeningHours } from '@prsp/contracts';

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
  const { date, weekday } = localClock(now, timeZone);
  const exception = hours.exceptions.find((e) => e.date === date);
  if (exception)
    return {
      alwaysOpen: false,
      ranges: !exception.closed && exception.opens && exception.closes ? [{ opens: exception.opens, closes: exception.closes }] : [],
    };
  const ranges = hours.weekly
    .filter((r) => r.weekday === weekday)
    .map(({ opens, closes }) => ({ opens, closes }))
    .sort((a, b) => minutes(a.opens) - minutes(b.opens));
  return { alwaysOpen: false, ranges };
}
