import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointmentParticipants, appointments, organisations } from '../../db/schema';

export type AppointmentRow = typeof appointments.$inferSelect;
export type ParticipantRow = typeof appointmentParticipants.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The appointment a guest path names; undefined for an id that is not a UUID or names nothing. */
export async function findAppointment(tx: Tx, id: string): Promise<AppointmentRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return row;
}

/** The organisation's id of an appointment, as `GET /api/config/{companyId}` takes it. */
export async function organisationIdOf(tx: Tx, organisationId: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId)).limit(1);
  return row?.id;
}

/**
 * The guest of an appointment with this e-mail (case-insensitive), locked for the rest of the transaction so that
 * concurrent wrong PINs count one after another.
 */
export async function lockGuestByEmail(tx: Tx, appointmentId: string, email: string): Promise<ParticipantRow | undefined> {
  const [row] = await tx
    .select()
    .from(appointmentParticipants)
    .where(
      and(
        eq(appointmentParticipants.appointmentId, appointmentId),
        eq(appointmentParticipants.role, 'guest'),
        sql`lower(${appointmentParticipants.email}) = ${email.trim().toLowerCase()}`,
      ),
    )
    .orderBy(appointmentParticipants.createdAt)
    .limit(1)
    .for('update');
  return row;
}

export async function findParticipant(tx: Tx, id: string): Promise<ParticipantRow | undefined> {
  const [row] = await tx.select().from(appointmentParticipants).where(eq(appointmentParticipants.id, id)).limit(1);
  return row;
}
