import type { Language } from './languages';

/**
 * Calendar dates (`YYYY-MM-DD`) and wall-clock times in a time zone, the instants where they begin and end, and the
 * one formatter of dates and times: the server and the web app share these, so a day, a slot or a reminder is the
 * same on both sides. Rules about "today" or "end of the year" are about the organisation's calendar, not UTC's: a
 * code valid "until today" must still work at 23:30 in Helsinki, which is the next day in UTC for part of the year
 * and not for the rest.
 *
 * Built on `Intl.DateTimeFormat` alone: a Temporal polyfill would make `atLocalTime` a one-liner but would add some
 * 20 KB (gzip) to the patient's first page.
 */
export type LocalDate = string;

/** The product's home time zone: spec §1's organisations are Finnish. */
export const SERVICE_TIME_ZONE = 'Europe/Helsinki';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateOf = (y: number, m: number, d: number): LocalDate => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

function ymd(date: LocalDate): [number, number, number] {
  const match = DATE.exec(date);
  if (!match) throw new Error(`not a local date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Midnight UTC of the calendar date: for arithmetic and for formatting a date without any zone moving it. */
const utcMidnight = (date: LocalDate) => {
  const [y, m, d] = ymd(date);
  return Date.UTC(y, m - 1, d);
};

/** True for a real calendar date in `YYYY-MM-DD` form (no 30 February). */
export function isLocalDate(value: string | null | undefined): value is LocalDate {
  if (!value || !DATE.test(value)) return false;
  const [y, m, d] = ymd(value);
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/** The IANA name of `timeZone` in its canonical spelling; throws a RangeError for a zone the runtime does not know. */
export function canonicalTimeZone(timeZone: string): string {
  return new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone;
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const wallClocks = new Map<string, Intl.DateTimeFormat>();
/**
 * The last answer per zone and the whole second it was for: the clock shows the same within a second, and the server
 * asks for "now" many times a second (every services answer does); `formatToParts` is the dearest part of an answer.
 */
const lastWallClock = new Map<string, { second: number; clock: WallClock }>();

/** What the wall clock in `timeZone` shows at `instant` (read-only: the same object may answer again within its second). */
function wallClock(instant: Date | number, timeZone: string): Readonly<WallClock> {
  const second = Math.floor(Number(instant) / 1000);
  const last = lastWallClock.get(timeZone);
  if (last && last.second === second) return last.clock;
  let fmt = wallClocks.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, fmt);
  }
  const p: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of fmt.formatToParts(instant)) p[type] = Number(value);
  const clock = Object.freeze({ year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! });
  lastWallClock.set(timeZone, { second, clock });
  return clock;
}

/** The calendar date at `instant` in `timeZone`. */
export function localDateAt(instant: Date | number, timeZone: string = SERVICE_TIME_ZONE): LocalDate {
  const c = wallClock(instant, timeZone);
  return dateOf(c.year, c.month, c.day);
}

/** The calendar date and the wall-clock time (`HH:MM`) at `instant` in `timeZone`. */
export function localDateTimeAt(instant: Date | number, timeZone: string = SERVICE_TIME_ZONE): { date: LocalDate; time: string } {
  const c = wallClock(instant, timeZone);
  return { date: dateOf(c.year, c.month, c.day), time: `${pad(c.hour)}:${pad(c.minute)}` };
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const c = wallClock(instant, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant the wall clock in `timeZone` shows `hour:minute` on `date`. A time the clock skips (a spring
 * changeover) gives the instant the clock jumps over it; a time it shows twice (autumn) gives one of the two.
 */
export function atLocalTime(date: LocalDate, hour: number, minute: number, timeZone: string = SERVICE_TIME_ZONE): Date {
  const [y, m, d] = ymd(date);
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  // The offset at the guess can differ from the offset at the answer only across a changeover; a second pass settles it.
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The instant the local day `date` begins (its midnight) in `timeZone`. */
export function startOfLocalDay(date: LocalDate, timeZone: string = SERVICE_TIME_ZONE): Date {
  return atLocalTime(date, 0, 0, timeZone);
}

/** The instant the local day `date` is over: the next day's midnight (23, 24 or 25 hours later). */
export function endOfLocalDay(date: LocalDate, timeZone: string = SERVICE_TIME_ZONE): Date {
  return startOfLocalDay(addDays(date, 1), timeZone);
}

/** The date `days` later (earlier when negative); calendar arithmetic, untouched by daylight saving. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const t = new Date(utcMidnight(date) + days * DAY_MS);
  return dateOf(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** How many days from `from` to `to`, both counted (1 for a single day). */
export function dayCount(from: LocalDate, to: LocalDate): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS) + 1;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar date; the date alone decides it, whatever the time zone. */
export function isoWeekday(date: LocalDate): number {
  return new Date(utcMidnight(date)).getUTCDay() || 7;
}

/** 31 December of the year of `date`. */
export function endOfYear(date: LocalDate): LocalDate {
  return dateOf(ymd(date)[0], 12, 31);
}

/** The locales dates and times are written in: Finnish and Swedish as in Finland, British English. */
const LOCALES: Record<Language, string> = { fi: 'fi-FI', se: 'sv-FI', en: 'en-GB' };

/**
 * Every style writes the hour with two digits ('klo 00.30', never 'klo 0.30' beside '00.30' elsewhere): one time
 * format wherever a time shows. `dateStyle`/`timeStyle` would pad the hour in English only, so the fields are named.
 */
const DAY_AND_TIME = { day: 'numeric', month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

const STYLES = {
  /** '3.5.2026 klo 04.05': lists, tables, PDFs. */
  short: DAY_AND_TIME,
  /** '3.5.2026 klo 04.05.09': logs and inboxes. */
  seconds: { ...DAY_AND_TIME, second: '2-digit' },
  /** 'su 3.5.2026 klo 14.05': a patient's appointment, with its weekday. */
  weekday: { weekday: 'short', day: 'numeric', month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** '14.05' in Finnish and Swedish, '14:05' in English. */
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  /** 'maanantaina 16.3.2026', 'måndag 16.3.2026', 'Monday 16 March 2026' (English spells the month): e-mails. */
  long: { weekday: 'long', day: 'numeric', month: 'numeric', year: 'numeric' },
  /** '31.12.2026', '31 Dec 2026'. */
  medium: { dateStyle: 'medium' },
  weekdayName: { weekday: 'long' },
  numeric: { day: 'numeric', month: 'numeric', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** How an instant is written; see `STYLES`. */
export type InstantStyle = 'short' | 'seconds' | 'weekday' | 'time' | 'long';
/** How a calendar date is written: `medium` '31.12.2026', or `heading` 'tiistai 5.5.2026' (the weekday in the nominative). */
export type LocalDateStyle = 'medium' | 'heading';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(value: number | Date, lang: Language, style: keyof typeof STYLES, timeZone: string): string {
  const key = `${lang} ${style} ${timeZone}`;
  let fmt = formats.get(key);
  if (!fmt) {
    const options: Intl.DateTimeFormatOptions = style === 'long' && lang === 'en' ? { ...STYLES.long, month: 'long' } : STYLES[style];
    fmt = new Intl.DateTimeFormat(LOCALES[lang], { ...options, timeZone });
    formats.set(key, fmt);
  }
  const text = fmt.format(value);
  return style === 'long' ? text.replace(/,/g, '') : text;
}

/** An instant as the wall clock in `timeZone` (Helsinki unless the reader has their own) shows it, in `lang`. */
export function formatInstant(
  instant: Date | number,
  lang: Language,
  style: InstantStyle = 'short',
  timeZone: string = SERVICE_TIME_ZONE,
): string {
  return format(instant, lang, style, timeZone);
}

/** A calendar date in `lang`, never moved to another day by a time zone. */
export function formatLocalDate(date: LocalDate, lang: Language, style: LocalDateStyle = 'medium'): string {
  const day = utcMidnight(date);
  if (style === 'medium') return format(day, lang, 'medium', 'UTC');
  // Written in two parts: together with the date, Finnish puts the weekday in the essive ('tiistaina').
  return `${format(day, lang, 'weekdayName', 'UTC')} ${format(day, lang, 'numeric', 'UTC')}`;
}
