import { BOOKING_RULES } from '@prsp/contracts';
import type { AppointmentRecord } from './booking.repo';

const MINUTE = 60_000;

export type CancelPolicy = 'allowed' | 'group' | 'tooLate';

/**
 * Whether the patient may cancel (spec §4): only a one-to-one, and only while its start is at least 1440 minutes
 * away. Group appointments are cancelled through the provider.
 */
export function cancelPolicy(a: Pick<AppointmentRecord, 'type' | 'startsAt'>, now: Date): CancelPolicy {
  if (a.type !== 'oneOnOne' && a.type !== 'basic') return 'group';
  if (a.startsAt.getTime() - now.getTime() < BOOKING_RULES.cancelUntilMinutesBefore * MINUTE) return 'tooLate';
  return 'allowed';
}

/** Whether an appointment's time is still to come (423 otherwise for new or moved times). */
export function isFuture(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() > now.getTime();
}
