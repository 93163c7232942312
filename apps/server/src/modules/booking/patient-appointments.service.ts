import type { PatientAppointment } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import type { appointments } from '../../db/schema';
import * as repo from './patient-appointments.repo';

type AppointmentRow = typeof appointments.$inferSelect;

export function toPatientAppointment(row: AppointmentRow): PatientAppointment {
  return {
    uuid: row.id,
    name: row.name,
    startTime: row.startsAt.getTime(),
    duration: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    type: row.type,
    queueId: row.queueId,
    audienceId: row.audienceId,
    // Surveys are not linked to appointments yet (no link table): none to show.
    surveys: [],
    preQuestionnaire: row.preQuestionnaire ?? null,
  };
}

/** Spec §3 'Appointment (patient side)': the effective patient's booked appointments that have not ended, by start. */
export async function upcomingAppointments(
  tx: Tx,
  patientId: string,
  organisationId: string,
  now = new Date(),
): Promise<PatientAppointment[]> {
  const rows = await repo.listUpcomingAppointments(tx, patientId, organisationId, now);
  return rows.map(toPatientAppointment);
}
