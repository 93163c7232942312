import { localDateAt, SERVICE_TIME_ZONE, type Language } from '@prsp/contracts';
import { formatDate, formatTime } from '@/lib/format';

/** The time of day in the service's time zone ('09.00'). */
export function clock(ms: number, lang: Language): string {
  return formatTime(ms, lang, SERVICE_TIME_ZONE);
}

/**
 * When an appointment is, as '11.5.2026 09.00–09.30': in the service's time zone, the zone the booking forms' dates
 * and times are in, so the list and the forms always agree whatever the browser's zone.
 */
export function timeRange(start: number, end: number, lang: Language): string {
  return `${formatDate(localDateAt(start), lang)} ${clock(start, lang)}–${clock(end, lang)}`;
}
