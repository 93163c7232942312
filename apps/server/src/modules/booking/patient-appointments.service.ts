import { meetingKindOf, type PatientAppointment } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import type { appointments } from '../../db/schema';
import { patientAppointmentSurveys } from '../surveys/survey-responses.service';
import * as repo from './patient-appointments.repo';
import { visitOf } from './booking-visits.service';

type AppointmentRow = typeof appointments.$inferSelect;

/** An appointment as the patient sees it, with the patient's surveys of it (a guest has none). */
export function toPatientAppointment(row: AppointmentRow, surveys: PatientAppointment['surveys'] = []): PatientAppointment {
  return {
    uuid: row.id,
    name: row.name,
    startTime: row.startsAt.getTime(),
    duration: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    type: row.type,
    kind: meetingKindOf(row.type),
    queueId: row.queueId,
    audienceId: row.audienceId,
    surveys,
    preQuestionnaire: row.preQuestionnaire ?? null,
    visit: visitOf(row),
    selfBooked: row.status === 'selfBooked',
  };
}

/** A patient's appointment with its end, so that a list held for a while can still drop the ones that have ended. */
export type UpcomingAppointment = { endsAt: number; appointment: PatientAppointment };

/** Spec §3 'Appointment (patient side)': the effective patient's booked appointments that have not ended, by start. */
export async function upcomingAppointments(
  tx: Tx,
  patientId: string,
  organisationId: string,
  now = new Date(),
): Promise<UpcomingAppointment[]> {
  const rows = await repo.listUpcomingAppointments(tx, patientId, organisationId, now);
  const surveys = await patientAppointmentSurveys(
    tx,
    patientId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ endsAt: r.endsAt.getTime(), appointment: toPatientAppointment(r, surveys.get(r.id)) }));
}
