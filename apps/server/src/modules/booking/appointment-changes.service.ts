import type { Tx } from '../../db/client';
import type { Emit } from '../../platform/events/event-hub';
import { emitUpdated } from './booking-updated';
import * as repo from './booking.repo';

/**
 * What other modules change on an appointment, through booking (which owns the appointment tables): the chat its
 * visit took place in, a participant its chat invited, a guest's PIN counters.
 */

/** Records on the appointment the channel its chat took place in. */
export async function setAppointmentAudience(tx: Tx, appointmentId: string, channelId: string): Promise<void> {
  await repo.updateAppointment(tx, appointmentId, { audienceId: channelId });
}

/** Adds a participant to the appointment, told to integrations as `booking.updated` (participants); answers its id. */
export async function addParticipant(
  tx: Tx,
  emit: Emit,
  appointment: { id: string; organisationId: string },
  values: Omit<repo.ParticipantValues, 'appointmentId'>,
  now: Date,
): Promise<string> {
  const id = await repo.insertParticipant(tx, { ...values, appointmentId: appointment.id });
  await emitUpdated(tx, emit, appointment, ['participants'], now);
  return id;
}

/** Writes a guest's PIN counters after a try (modules/guests). */
export function setGuestPinCounters(
  tx: Tx,
  participantId: string,
  counters: { failures: number; lockedUntil: Date | null },
): Promise<void> {
  return repo.setPinCounters(tx, participantId, counters);
}
