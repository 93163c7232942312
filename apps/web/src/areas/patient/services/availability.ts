import { atLocalTime, formatInstant, localDateAt, SERVICE_TIME_ZONE, type Language, type QueueAvailability } from '@prsp/contracts';

/** A wall-clock time of the service's day ('08:00') in the product's one time format ('08.00' in fi and sv). */
function clock(time: string, lang: Language, now: number): string {
  const instant = atLocalTime(localDateAt(now, SERVICE_TIME_ZONE), Number(time.slice(0, 2)), Number(time.slice(3, 5)), SERVICE_TIME_ZONE);
  return formatInstant(instant, lang, 'time', SERVICE_TIME_ZONE);
}

/** One line of a service card's availability: its text key and what goes in it. */
export type AvailabilityLine = { key: string; values?: Record<string, string | number> };

/**
 * What a service card says of its queue today (issue 29): its hours (around the clock, the day's ranges, or closed
 * today) and, when nobody serves the queue, that no professional is there. Nothing when the server said nothing.
 * Issue 32: while open, how many professionals are on duty now; when none is, either that the patient may queue
 * anyway (`wait`) or "no professionals available right now" with the next opening (`close`); when closed by its hours,
 * the next opening.
 */
export function availabilityLines(availability: QueueAvailability | undefined, lang: Language, now: number): AvailabilityLine[] {
  if (!availability) return [];
  const { hoursToday, staffed } = availability;
  const hours: AvailabilityLine = hoursToday.alwaysOpen
    ? { key: 'services.hours.alwaysOpen' }
    : hoursToday.ranges.length === 0
      ? { key: 'services.hours.closedToday' }
      : {
          key: 'services.hours.today',
          values: { hours: hoursToday.ranges.map((r) => `${clock(r.opens, lang, now)}–${clock(r.closes, lang, now)}`).join(', ') },
        };
  if (!staffed) return [hours, { key: 'services.hours.noProfessionals' }];
  return [hours, ...presenceLines(availability, lang)];
}

/** When a closed queue next opens, as a line (none when it is not known): the service card and the chat-not-available modal. */
export function nextOpeningLines(nextOpening: string | null | undefined, lang: Language): AvailabilityLine[] {
  return nextOpening
    ? [{ key: 'presence.patient.nextOpening', values: { when: formatInstant(new Date(nextOpening), lang, 'weekday', SERVICE_TIME_ZONE) } }]
    : [];
}

function presenceLines(availability: QueueAvailability, lang: Language): AvailabilityLine[] {
  const { onDuty, openNow, whenNobodyOnDuty, nextOpening } = availability;
  const next = nextOpeningLines(nextOpening, lang);
  if (onDuty === undefined || openNow === undefined) return [];
  if (!openNow) return next;
  if (onDuty > 0) return [{ key: 'presence.patient.onDuty', values: { count: onDuty } }];
  return whenNobodyOnDuty === 'close' ? [{ key: 'presence.patient.nobody' }, ...next] : [{ key: 'presence.patient.nobodyWait' }];
}
