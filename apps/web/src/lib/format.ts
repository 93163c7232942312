import { isTimeZone, type Language } from '@prsp/contracts';

/**
 * The one date and time formatter of the web app (patient, expert and admin). Moments (`timestamptz`, sent as
 * ISO strings or epoch milliseconds) are shown in the user's time zone: the browser's own, the zone the patient
 * app sends to the server in `client_params` (spec §1), else the service's default, Europe/Helsinki.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Helsinki';

const LOCALES: Record<Language, string> = { fi: 'fi-FI', se: 'sv-FI', en: 'en-GB' };

/** The browser's IANA time zone, the one sent to the server; the default when the browser does not say. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

let displayZone: string | undefined;

/** The zone moments are shown in; an organisation's or user's setting may replace the browser's. */
export function displayTimeZone(): string {
  return displayZone ?? browserTimeZone();
}

/** Shows moments in `zone` from now on (an unknown zone falls back to the default). */
export function setDisplayTimeZone(zone: string | undefined): void {
  displayZone = zone === undefined ? undefined : isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

type Moment = number | string | Date;

const STYLES = {
  /** '3.5.2026 klo 14.05': lists and tables. */
  short: { dateStyle: 'short', timeStyle: 'short' },
  /** 'su 3.5.2026 klo 14.05': a patient's appointment, with its weekday. */
  weekday: { weekday: 'short', day: 'numeric', month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** '14.05'. */
  time: { hour: '2-digit', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type MomentStyle = keyof typeof STYLES;

/** A moment in the user's language and time zone; '–' when there is none (never signed in, never changed). */
export function formatDateTime(
  value: Moment | null | undefined,
  lang: Language,
  { style = 'short', timeZone = displayTimeZone() }: { style?: MomentStyle; timeZone?: string } = {},
): string {
  if (value === null || value === undefined || value === '') return '–';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '–';
  return new Intl.DateTimeFormat(LOCALES[lang], { ...STYLES[style], timeZone }).format(date);
}

/** The time of day of a moment, e.g. when an appointment can be started. */
export function formatTime(value: Moment, lang: Language, timeZone = displayTimeZone()): string {
  return formatDateTime(value, lang, { style: 'time', timeZone });
}

/** A calendar date (`YYYY-MM-DD`, a local date such as a code's expiry) in the user's language, never shifted by a zone. */
export function formatDate(isoDate: string | null, lang: Language): string {
  if (!isoDate) return '–';
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}
