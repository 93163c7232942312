import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments } from '../../db/schema';

/** A patient's booked appointments in one organisation that have not ended by `now`, by start. */
export function listUpcomingAppointments(tx: Tx, patientId: string, organisationId: string, now: Date) {
  return tx
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patientId),
        eq(appointments.organisationId, organisationId),
        inArray(appointments.status, ['booked', 'selfBooked']),
        sql`${appointments.startsAt} + make_interval(mins => ${appointments.durationMinutes}) > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
}
