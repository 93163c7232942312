import { cancelPolicy } from './booking-rules';
import { hasStarted, isSettled } from './booking-visits.service';
import type { AppointmentRecord } from './booking.repo';

export type ReschedulePolicy = 'allowed' | 'cancelled' | 'started' | 'group' | 'notSelfBooked' | 'tooLate';

/**
 * Whether the patient may change the time of their appointment (issue 29: a change of time instead of cancelling and
 * booking again). It replaces a cancellation, so it follows the patient's cancel rules (spec §4: a one-to-one, at
 * least 1440 minutes ahead; cancelPolicy), and only for a time the patient booked themself: an admin's booking may
 * have been arranged with the patient for a reason only the organisation knows. A cancelled appointment, or one whose
 * time has come or whose visit is settled, is past changing whatever the window says.
 */
export function reschedulePolicy(
  a: Pick<AppointmentRecord, 'status' | 'type' | 'startsAt' | 'endsAt' | 'heldAt' | 'noShowAt'>,
  now: Date,
): ReschedulePolicy {
  if (a.status === 'cancelled') return 'cancelled';
  if (hasStarted(a, now) || isSettled(a, now)) return 'started';
  const cancel = cancelPolicy(a, now);
  if (cancel === 'group') return 'group';
  if (a.status !== 'selfBooked') return 'notSelfBooked';
  return cancel;
}
