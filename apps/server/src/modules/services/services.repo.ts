import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments, services, surveyResponses } from '../../db/schema';

export function listServices(tx: Tx, organisationId: string) {
  return tx.select().from(services).where(eq(services.organisationId, organisationId));
}

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

/** Surveys sent to a patient in one organisation and not yet answered, oldest first. */
export function listPendingSurveys(tx: Tx, patientId: string, organisationId: string) {
  return tx
    .select({ id: surveyResponses.id, surveyName: surveyResponses.surveyName })
    .from(surveyResponses)
    .where(
      and(
        eq(surveyResponses.patientId, patientId),
        eq(surveyResponses.organisationId, organisationId),
        isNull(surveyResponses.respondedAt),
      ),
    )
    .orderBy(asc(surveyResponses.createdAt), asc(surveyResponses.id));
}
