import { BOOKING_RULES, type OpenService, type PatientAppointment } from '@prsp/contracts';

const MINUTE = 60_000;
/** Spec §9: the landing shows appointments starting within 3 days. */
export const LANDING_WINDOW_MS = BOOKING_RULES.landingWindowDays * 24 * 60 * MINUTE;
/** Spec §4 and §9: an appointment can be started 5 minutes before its start. */
export const START_OPENS_BEFORE_MS = BOOKING_RULES.startOpensMinutesBefore * MINUTE;
/** Spec §4 and §9: a one-to-one appointment can be cancelled while its start is at least 1440 minutes away. */
export const CANCEL_UNTIL_BEFORE_MS = BOOKING_RULES.cancelUntilMinutesBefore * MINUTE;

export const endsAt = (a: PatientAppointment) => a.startTime + a.duration * MINUTE;

/** Group appointments (chat or video) have only a start; the provider cancels them (spec §4). */
export const isGroupAppointment = (a: PatientAppointment) => a.type === 'group' || a.type === 'group-video';

/**
 * Whether the visit is over: its end has passed, or it was settled before that (held, or the patient marked a
 * no-show), so it is no longer upcoming and its Start would only put the patient back in line (issue 29).
 */
export const isOver = (a: PatientAppointment, now: number) => endsAt(a) <= now || (a.visit ?? null) !== null;

/** Spec §4: lists show only appointments not yet over, sorted by start. */
export function upcomingAppointments(list: readonly PatientAppointment[], now: number): PatientAppointment[] {
  return list.filter((a) => !isOver(a, now)).sort((a, b) => a.startTime - b.startTime);
}

/** Spec §2 landing: the appointments starting within 3 days; if there are none, only the next one. */
export function landingAppointments(list: readonly PatientAppointment[], now: number): PatientAppointment[] {
  const upcoming = upcomingAppointments(list, now);
  const soon = upcoming.filter((a) => a.startTime <= now + LANDING_WINDOW_MS);
  return soon.length > 0 ? soon : upcoming.slice(0, 1);
}

/** When the start button opens (5 minutes before the start). */
export const startOpensAt = (a: PatientAppointment) => a.startTime - START_OPENS_BEFORE_MS;

/**
 * Spec §4 'Start button': disabled until 5 minutes before the start (and once the visit is over); for one-to-one
 * appointments also while the start is more than 1440 minutes away.
 */
export function canStart(a: PatientAppointment, now: number): boolean {
  if (!isGroupAppointment(a) && a.startTime - now > CANCEL_UNTIL_BEFORE_MS) return false;
  return now >= startOpensAt(a) && !isOver(a, now);
}

/** Spec §4: cancel is offered only for one-to-one appointments whose start is at least 1440 minutes away. */
export function canCancel(a: PatientAppointment, now: number): boolean {
  return !isGroupAppointment(a) && a.startTime - now >= CANCEL_UNTIL_BEFORE_MS;
}

/**
 * Issue 29: the patient may change the time of an appointment they booked themself (not one the organisation
 * booked), on the cancel rule's terms, since it replaces cancelling and booking again; the server checks the same.
 */
export function canReschedule(a: PatientAppointment, now: number): boolean {
  return a.selfBooked === true && canCancel(a, now);
}

/** What the appointment modal shows: an open service (start now) or one of the patient's scheduled appointments. */
export type ModalSubject = { kind: 'open'; service: OpenService } | { kind: 'scheduled'; appointment: PatientAppointment };

export type AppointmentMode = 'open' | 'scheduled' | 'scheduledCancellable' | 'scheduledGroup';

/**
 * Spec §4 'Appointment modal modes': a group appointment gives scheduledGroup, a cancellable one
 * scheduledCancellable, any other scheduled one scheduled; open when it is not a scheduled appointment.
 */
export function appointmentMode(subject: ModalSubject, now: number): AppointmentMode {
  if (subject.kind === 'open') return 'open';
  const a = subject.appointment;
  if (isGroupAppointment(a)) return 'scheduledGroup';
  return canCancel(a, now) ? 'scheduledCancellable' : 'scheduled';
}

/** Spec §4: the hold countdown as mm:ss (whole seconds left, rounded up; never below 00:00). */
export function formatCountdown(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}
