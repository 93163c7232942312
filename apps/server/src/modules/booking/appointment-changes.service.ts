import type { Tx } from '../../db/client';
import * as repo from './booking.repo';

/**
 * What other modules change on an appointment, through booking (which owns the appointment tables): the chat its
 * visit took place in, a participant its chat invited, a guest's PIN counters.
 */

/** Records on the appointment the channel its chat took place in. */
export async function setAppointmentAudience(tx: Tx, appointmentId: string, channelId: string): Promise<void> {
  await repo.updateAppointment(tx, appointmentId, { audienceId: channelId });
}

/** Adds a participant to the appointment; answers its id. */
export function addParticipant(tx: Tx, values: repo.ParticipantValues): Promise<string> {
  return repo.insertParticipant(tx, values);
}

/** Writes a guest's PIN counters after a try (modules/guests). */
export function setGuestPinCounters(
  tx: Tx,
  participantId: string,
  counters: { failures: number; lockedUntil: Date | null },
): Promise<void> {
  return repo.setPinCounters(tx, participantId, counters);
}
