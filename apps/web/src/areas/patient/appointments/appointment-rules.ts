import type { PatientAppointment } from '@prsp/contracts';

const MINUTE = 60_000;
/** Spec §9: the landing shows appointments starting within 3 days. */
export const LANDING_WINDOW_MS = 3 * 24 * 60 * MINUTE;
/** Spec §4 and §9: an appointment can be started 5 minutes before its start. */
export const START_OPENS_BEFORE_MS = 5 * MINUTE;

export const endsAt = (a: PatientAppointment) => a.startTime + a.duration * MINUTE;

/** Spec §4: lists show only appointments not yet ended, sorted by start. */
export function upcomingAppointments(list: readonly PatientAppointment[], now: number): PatientAppointment[] {
  return list.filter((a) => endsAt(a) > now).sort((a, b) => a.startTime - b.startTime);
}

/** Spec §2 landing: the appointments starting within 3 days; if there are none, only the next one. */
export function landingAppointments(list: readonly PatientAppointment[], now: number): PatientAppointment[] {
  const upcoming = upcomingAppointments(list, now);
  const soon = upcoming.filter((a) => a.startTime <= now + LANDING_WINDOW_MS);
  return soon.length > 0 ? soon : upcoming.slice(0, 1);
}

/** When the start button opens (5 minutes before the start). */
export const startOpensAt = (a: PatientAppointment) => a.startTime - START_OPENS_BEFORE_MS;

export function canStart(a: PatientAppointment, now: number): boolean {
  return now >= startOpensAt(a) && now < endsAt(a);
}
