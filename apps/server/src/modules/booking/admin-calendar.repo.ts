import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointmentParticipants } from './booking.tables';

/** The participants of these appointments by name and role, in the order they were added (the calendar's labels). */
export function participantNames(tx: Tx, appointmentIds: string[]) {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      appointmentId: appointmentParticipants.appointmentId,
      role: appointmentParticipants.role,
      name: appointmentParticipants.name,
      patientId: appointmentParticipants.patientId,
    })
    .from(appointmentParticipants)
    .where(inArray(appointmentParticipants.appointmentId, appointmentIds))
    .orderBy(asc(appointmentParticipants.createdAt), asc(appointmentParticipants.id));
}
