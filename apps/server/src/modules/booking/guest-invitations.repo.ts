import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointmentParticipants } from '../../db/schema';

/** The guests of an appointment (for carrying PIN hashes over an edit that rewrites the participant rows). */
export function guestsOf(tx: Tx, appointmentId: string) {
  return tx
    .select({ email: appointmentParticipants.email, pinHash: appointmentParticipants.pinHash })
    .from(appointmentParticipants)
    .where(and(eq(appointmentParticipants.appointmentId, appointmentId), eq(appointmentParticipants.role, 'guest')));
}

/** One guest of the appointment (by participant id) who was invited by e-mail, locked for the change; else undefined. */
export async function lockInvitedGuest(tx: Tx, appointmentId: string, participantId: string) {
  const [row] = await tx
    .select({ id: appointmentParticipants.id, email: appointmentParticipants.email })
    .from(appointmentParticipants)
    .where(
      and(
        eq(appointmentParticipants.id, participantId),
        eq(appointmentParticipants.appointmentId, appointmentId),
        eq(appointmentParticipants.role, 'guest'),
        isNotNull(appointmentParticipants.email),
      ),
    )
    .for('update')
    .limit(1);
  return row?.email ? { id: row.id, email: row.email } : undefined;
}

/** A guest's new PIN hash: the old PIN stops working, and the wrong-PIN count and any lockout are cleared. */
export async function replacePin(tx: Tx, participantId: string, pinHash: string): Promise<void> {
  await tx
    .update(appointmentParticipants)
    .set({ pinHash, pinFailures: 0, pinLockedUntil: null })
    .where(eq(appointmentParticipants.id, participantId));
}
