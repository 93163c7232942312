import {
  formatInstant,
  formatLocalDate,
  isTimeZone,
  localDateAt,
  SERVICE_TIME_ZONE,
  type InstantStyle,
  type Language,
} from '@prsp/contracts';

/**
 * The web app's (patient, expert and admin) side of the one date and time formatter, `formatInstant` and
 * `formatLocalDate` of the contracts. Moments (`timestamptz`, sent as ISO strings or epoch milliseconds) are shown in
 * the user's time zone: the browser's own, the zone the patient app sends to the server in `client_params`
 * (spec §1), else the service's default, Europe/Helsinki.
 */
export const DEFAULT_TIME_ZONE = SERVICE_TIME_ZONE;

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

/** A moment in the user's language and time zone; '–' when there is none (never signed in, never changed). */
export function formatDateTime(
  value: Moment | null | undefined,
  lang: Language,
  { style = 'short', timeZone = displayTimeZone() }: { style?: InstantStyle; timeZone?: string } = {},
): string {
  if (value === null || value === undefined || value === '') return '–';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '–';
  return formatInstant(date, lang, style, timeZone);
}

/** The time of day of a moment, e.g. when an appointment can be started. */
export function formatTime(value: Moment, lang: Language, timeZone = displayTimeZone()): string {
  return formatDateTime(value, lang, { style: 'time', timeZone });
}

/** A calendar date (`YYYY-MM-DD`, a local date such as a code's expiry) in the user's language, never shifted by a zone. */
export function formatDate(isoDate: string | null, lang: Language): string {
  if (!isoDate) return '–';
  return formatLocalDate(isoDate.slice(0, 10), lang);
}

/**
 * When an appointment is, as '11.5.2026 09.00–09.30': the one format of the booking lists (admin and expert), the
 * booking screens and forms, in the service's time zone (the zone the forms' dates and times are in), so the lists
 * and the forms always agree whatever the browser's zone.
 */
export function formatTimeRange(start: number, end: number, lang: Language): string {
  return `${formatDate(localDateAt(start, SERVICE_TIME_ZONE), lang)} ${formatTime(start, lang, SERVICE_TIME_ZONE)}–${formatTime(end, lang, SERVICE_TIME_ZONE)}`;
}
