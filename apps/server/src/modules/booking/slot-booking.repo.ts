import { and, eq, or, sql } from 'drizzle-orm';
import type { Language, QuestionnaireAnswer } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { appointmentParticipants, appointments, bookingHolds, patientContacts, patients } from '../../db/schema';
import type { AppointmentRecord } from './booking.repo';

/**
 * Books the open slot, already locked by the caller's transaction (`openSlot`), for the patient in one statement:
 * the slot becomes selfBooked with the answers, its hold goes, and the patient joins it as its participant with
 * their names and contact details. Nothing is booked, and undefined answered, when another patient holds the slot
 * right now or the patient is not found; the caller then rolls back (the participant row and the hold stay as they
 * were) and `bookingRefusal` says which. A statement of its own after the row lock sees every hold committed before.
 */
export async function bookLockedSlot(
  tx: Tx,
  b: { id: string; patientId: string; language: Language; answers: QuestionnaireAnswer[]; now: Date },
): Promise<AppointmentRecord | undefined> {
  const now = b.now.toISOString();
  // The patient's own hold, or one that has run out, goes with the booking; another patient's live hold blocks it.
  const unheld = tx
    .$with('unheld')
    .as(
      tx
        .delete(bookingHolds)
        .where(
          and(
            eq(bookingHolds.appointmentId, b.id),
            or(eq(bookingHolds.patientId, b.patientId), sql`${bookingHolds.expiresAt} <= ${now}::timestamptz`),
          ),
        ),
    );
  const joined = tx.$with('joined', {}).as(sql`
    insert into ${appointmentParticipants} (appointment_id, role, patient_id, name, first_name, last_name, email, mobile, language, nationality)
    select ${b.id}::uuid, 'patient', p.id, p.given_name || ' ' || p.family_name, p.given_name, p.family_name, c.email, c.mobile,
      ${b.language}, c.nationality
    from ${patients} p left join ${patientContacts} c on c.patient_id = p.id
    where p.id = ${b.patientId}::uuid`);
  const [row] = await tx
    .with(unheld, joined)
    .update(appointments)
    .set({ status: 'selfBooked', bookedAt: b.now, preQuestionnaire: b.answers })
    .where(
      and(
        eq(appointments.id, b.id),
        sql`not exists (select 1 from ${bookingHolds} h where h.appointment_id = ${b.id}::uuid
          and h.patient_id <> ${b.patientId}::uuid and h.expires_at > ${now}::timestamptz)`,
        sql`exists (select 1 from ${patients} p where p.id = ${b.patientId}::uuid)`,
      ),
    )
    .returning();
  return row;
}

/** Why `bookLockedSlot` booked nothing, read in its transaction before it rolls back: 422 first, as the rules go. */
export async function bookingRefusal(tx: Tx, b: { id: string; patientId: string; now: Date }): Promise<422 | 101> {
  const [held] = await tx
    .select({ patientId: bookingHolds.patientId, expiresAt: bookingHolds.expiresAt })
    .from(bookingHolds)
    .where(eq(bookingHolds.appointmentId, b.id));
  return held && held.patientId !== b.patientId && held.expiresAt > b.now ? 422 : 101;
}
