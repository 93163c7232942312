import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointmentParticipants } from '../../db/schema';

/** The guests of an appointment (for carrying PIN hashes over an edit that rewrites the participant rows). */
export function guestsOf(tx: Tx, appointmentId: string) {
  return tx
    .select({ email: appointmentParticipants.email, pinHash: appointmentParticipants.pinHash })
    .from(appointmentParticipants)
    .where(and(eq(appointmentParticipants.appointmentId, appointmentId), eq(appointmentParticipants.role, 'guest')));
}
