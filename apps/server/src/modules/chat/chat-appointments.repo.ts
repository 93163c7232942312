import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointmentParticipants, appointments, experts, staffUsers } from '../../db/schema';

// The appointments behind appointment and group chats: who takes part, and which channel the chat took place in.

export type AppointmentRow = typeof appointments.$inferSelect;
export type ParticipantRow = typeof appointmentParticipants.$inferSelect;

export async function findAppointmentById(tx: Tx, id: string): Promise<AppointmentRow | undefined> {
  const [a] = await tx.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return a;
}

/** The appointment, locked for the rest of the transaction: an invitation and a booking change take turns. */
export async function lockAppointmentById(tx: Tx, id: string): Promise<AppointmentRow | undefined> {
  const [appointment] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return appointment;
}

/** The appointment if the patient takes part in it (a participant row of theirs); undefined otherwise. */
export async function findPatientAppointment(tx: Tx, appointmentId: string, patientId: string): Promise<AppointmentRow | undefined> {
  const [row] = await tx
    .select({ appointment: appointments })
    .from(appointments)
    .innerJoin(appointmentParticipants, eq(appointmentParticipants.appointmentId, appointments.id))
    .where(and(eq(appointments.id, appointmentId), eq(appointmentParticipants.patientId, patientId)))
    .limit(1);
  return row?.appointment;
}

/** The organisation of the appointment; undefined when there is no such appointment. */
export async function organisationOfAppointment(tx: Tx, appointmentId: string): Promise<string | undefined> {
  const [a] = await tx.select({ organisationId: appointments.organisationId }).from(appointments).where(eq(appointments.id, appointmentId));
  return a?.organisationId;
}

/** The appointment's pre-questionnaire answers, as rows: none when there is no such appointment. */
export function preQuestionnaireOf(tx: Tx, appointmentId: string) {
  return tx.select({ preQuestionnaire: appointments.preQuestionnaire }).from(appointments).where(eq(appointments.id, appointmentId));
}

export function participantsOf(tx: Tx, appointmentId: string): Promise<ParticipantRow[]> {
  return tx.select().from(appointmentParticipants).where(eq(appointmentParticipants.appointmentId, appointmentId));
}

/**
 * The participant row of an expert, or of a guest by e-mail (compared without case), in the appointment; undefined
 * when they have none.
 */
export async function findParticipantIn(
  tx: Tx,
  appointmentId: string,
  who: { expertId?: string; email?: string },
): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: appointmentParticipants.id })
    .from(appointmentParticipants)
    .where(
      and(
        eq(appointmentParticipants.appointmentId, appointmentId),
        who.expertId
          ? eq(appointmentParticipants.expertId, who.expertId)
          : and(
              eq(appointmentParticipants.role, 'guest'),
              sql`lower(${appointmentParticipants.email}) = ${who.email!.trim().toLowerCase()}`,
            ),
      ),
    )
    .limit(1);
  return row;
}

/** An expert whose account is active, with what an invitation to them needs; undefined otherwise. */
export async function findActiveExpert(tx: Tx, expertId: string) {
  const [expert] = await tx
    .select({
      id: experts.id,
      userId: experts.userId,
      organisationId: experts.organisationId,
      language: experts.communicationLanguage,
      firstName: staffUsers.firstName,
      lastName: staffUsers.lastName,
    })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(and(eq(experts.id, expertId), eq(staffUsers.active, true)))
    .limit(1);
  return expert;
}
