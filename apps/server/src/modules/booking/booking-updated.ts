import type { BookingChange } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import type { Emit } from '../../platform/events/event-hub';
import { bookingChanges, type BookingSnapshot } from './booking-changes';
import * as repo from './booking.repo';

/**
 * `booking.updated` (docs/webhooks.md): every change of a reserved appointment that a copy of it shows is told in
 * the change's own transaction, so an integrator's copy follows each one and hears nothing when nothing changed.
 */

type Snapshot = BookingSnapshot & { id: string; organisationId: string };

/** The appointment and its participants as they are now in the caller's transaction, for `emitChanges`. */
export async function snapshotOf(tx: Tx, appointmentId: string): Promise<Snapshot | undefined> {
  const a = await repo.lockAppointmentById(tx, appointmentId);
  if (!a) return undefined;
  const participants = (await repo.participantsOf(tx, appointmentId)).map((r) => r.participant);
  return { ...a, participants };
}

/** After a change: `booking.updated` with what differs from `before`, unless nothing a copy shows does. */
export async function emitChanges(tx: Tx, emit: Emit, before: Snapshot, now: Date): Promise<void> {
  const after = await snapshotOf(tx, before.id);
  if (!after) return;
  const changes = bookingChanges(before, after);
  if (changes.length > 0) await emitUpdated(tx, emit, before, changes, now);
}

/** Tells `booking.updated` for a change whose kind the caller knows (a participant added, a state changed). */
export function emitUpdated(
  tx: Tx,
  emit: Emit,
  a: { id: string; organisationId: string },
  changes: BookingChange[],
  now: Date,
): Promise<void> {
  return emit(tx, 'booking.updated', { organisationId: a.organisationId, appointmentId: a.id, changes }, now);
}

/**
 * An expert is about to be removed (`expert.removing`, before their row goes): every reserved appointment they run,
 * organise or take part in loses a participant.
 */
export async function expertLeaving(tx: Tx, emit: Emit, expertId: string, now: Date): Promise<void> {
  for (const a of await repo.reservedAppointmentsNaming(tx, expertId)) await emitUpdated(tx, emit, a, ['participants'], now);
}

/**
 * A reserved appointment was cancelled, held or a no-show: its own event, which integrations already know, and
 * `booking.updated` with `state`, for a copy that follows every change through one event.
 */
export async function emitStateChange(
  tx: Tx,
  emit: Emit,
  event: 'booking.cancelled' | 'booking.held' | 'booking.noShow',
  a: { id: string; organisationId: string },
  now: Date,
): Promise<void> {
  await emit(tx, event, { organisationId: a.organisationId, appointmentId: a.id }, now);
  await emitUpdated(tx, emit, a, ['state'], now);
}
