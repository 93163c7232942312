/**
 * Calendar dates (`YYYY-MM-DD`) in a time zone, and the instants where they begin and end.
 * Rules about "today" or "end of the year" are about the organisation's calendar, not UTC's:
 * a code valid "until today" must still work at 23:30 in Helsinki, which is the next day in UTC
 * for part of the year and not for the rest.
 */
export type LocalDate = string;

/** The product's home time zone: spec §1's organisations are Finnish. */
export const SERVICE_TIME_ZONE = 'Europe/Helsinki';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: LocalDate): { y: number; m: number; d: number } {
  const match = DATE.exec(date);
  if (!match) throw new Error(`not a local date: ${date}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

function format(y: number, m: number, d: number): LocalDate {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** True for a real calendar date (no 30 February). */
export function isLocalDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const { y, m, d } = parts(value);
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/** The calendar date at `instant` in `timeZone`. */
export function localDateAt(instant: Date, timeZone: string = SERVICE_TIME_ZONE): LocalDate {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const get = (type: string) => Number(fmt.formatToParts(instant).find((p) => p.type === type)!.value);
  return format(get('year'), get('month'), get('day'));
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const p = Object.fromEntries(fmt.formatToParts(new Date(instant)).map((x) => [x.type, Number(x.value)]));
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant the local day `date` begins (its midnight) in `timeZone`. */
export function startOfLocalDay(date: LocalDate, timeZone: string = SERVICE_TIME_ZONE): Date {
  return atLocalTime(date, 0, 0, timeZone);
}

/**
 * The instant the wall clock in `timeZone` shows `hour:minute` on `date`. A time the clock skips (a spring
 * changeover) gives the instant the clock jumps over it; a time it shows twice (autumn) gives one of the two.
 */
export function atLocalTime(date: LocalDate, hour: number, minute: number, timeZone: string = SERVICE_TIME_ZONE): Date {
  const { y, m, d } = parts(date);
  const wallClock = Date.UTC(y, m - 1, d, hour, minute);
  // The offset at the guess can differ from the offset at the answer only across a changeover; a second pass settles it.
  let instant = wallClock - offsetAt(wallClock, timeZone);
  instant = wallClock - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The instant the local day `date` is over: the next day's midnight (23, 24 or 25 hours later). */
export function endOfLocalDay(date: LocalDate, timeZone: string = SERVICE_TIME_ZONE): Date {
  return startOfLocalDay(addDays(date, 1), timeZone);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const { y, m, d } = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return format(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** 31 December of the year of `date`. */
export function endOfYear(date: LocalDate): LocalDate {
  return format(parts(date).y, 12, 31);
}
