import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointmentParticipants, appointments } from '../../db/schema';

/**
 * A patient's reserved appointments (one-to-one or group) in one organisation that are not over, by start: not
 * ended by `now`, and not settled before their end either (held, or marked a no-show: booking-visits.service.ts).
 */
export function listUpcomingAppointments(tx: Tx, patientId: string, organisationId: string, now: Date) {
  return tx
    .select({ appointment: appointments })
    .from(appointmentParticipants)
    .innerJoin(appointments, eq(appointments.id, appointmentParticipants.appointmentId))
    .where(
      and(
        eq(appointmentParticipants.patientId, patientId),
        eq(appointments.organisationId, organisationId),
        inArray(appointments.status, ['booked', 'selfBooked']),
        gt(appointments.endsAt, now),
        isNull(appointments.heldAt),
        isNull(appointments.noShowAt),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .then((rows) => rows.map((r) => r.appointment));
}
