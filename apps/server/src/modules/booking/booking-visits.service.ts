import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { Emit } from '../../platform/events/event-hub';
import { isReserved } from './booking-notifications-data';
import * as repo from './booking.repo';
import { emitStateChange } from './booking-updated';

/**
 * The visit's state beside the booking's (booking.tables.ts): held when its chat or video was started and has
 * ended, a no-show when its expert or an admin says the patient did not come. Both only for a reserved appointment;
 * held wins over a no-show (the patient came late after all). Each change is audited by its caller and told to
 * integrations (`booking.held`, `booking.noShow`, each with `booking.updated`: docs/webhooks.md).
 */

/** The visit's state of a stored appointment, for the lists, FHIR and the CSV. */
export function visitOf(a: Pick<repo.AppointmentRecord, 'status' | 'heldAt' | 'noShowAt'>): 'held' | 'noShow' | null {
  if (!isReserved(a.status)) return null;
  if (a.heldAt) return 'held';
  return a.noShowAt ? 'noShow' : null;
}

/** Whether an appointment's time has come: from then on its patient can be marked a no-show. */
export function hasStarted(a: Pick<repo.AppointmentRecord, 'startsAt'>, now: Date): boolean {
  return a.startsAt.getTime() <= now.getTime();
}

/**
 * Whether a visit is settled: held, marked a no-show, or its time over. A settled visit is not cancelled or moved
 * any more (423): nobody is told "cancelled" of a visit that took place, and integrations keep what happened. One
 * under way still can be (the expert fell ill, or runs late), as a person would expect.
 */
export function isSettled(a: Pick<repo.AppointmentRecord, 'endsAt' | 'heldAt' | 'noShowAt'>, now: Date): boolean {
  return a.heldAt !== null || a.noShowAt !== null || a.endsAt.getTime() <= now.getTime();
}

/**
 * An appointment's chat that an expert had taken ended (the chat module's `chat.ended`, in its transaction): the
 * visit was held. Nothing for an appointment that is not reserved or was held already.
 */
export async function markHeld(tx: Tx, emit: Emit, appointmentId: string, now: Date): Promise<void> {
  const a = await repo.lockAppointmentById(tx, appointmentId);
  if (!a || !isReserved(a.status) || a.heldAt) return;
  await repo.updateAppointment(tx, a.id, { heldAt: now, noShowAt: null, noShowBy: null });
  await emitStateChange(tx, emit, 'booking.held', a, now);
}

/**
 * Marks the patient as not come, on an appointment the caller has locked and may act on: only a reserved one
 * (403), only once its start has passed (403: nobody is late before the start), never a held one (403). Marking
 * it again changes nothing and tells nobody again. Answers whether it changed.
 */
export async function markNoShow(tx: Tx, emit: Emit, a: repo.AppointmentRecord, by: 'admin' | 'expert', now: Date): Promise<boolean> {
  if (!isReserved(a.status)) throw new AppError(403, { detail: 'only a reserved appointment can be a no-show' });
  if (!hasStarted(a, now)) throw new AppError(403, { detail: 'the appointment has not started' });
  if (a.heldAt) throw new AppError(403, { detail: 'the visit was held' });
  if (a.noShowAt) return false;
  await repo.updateAppointment(tx, a.id, { noShowAt: now, noShowBy: by });
  await emitStateChange(tx, emit, 'booking.noShow', a, now);
  return true;
}
