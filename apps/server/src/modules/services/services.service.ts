import type { PatientAppointment, PendingSurvey, ServicesResponse } from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { OrganisationRow } from '../organisations/organisations.repo';
import * as repo from './services.repo';
import { toOpenService, type ServiceRow } from './service-view';

const collator = new Intl.Collator('fi');

/** The admin's order (position), then the older first, then by Finnish name: the same order on every call. */
function inDisplayOrder(rows: ServiceRow[]): ServiceRow[] {
  return [...rows].sort(
    (a, b) =>
      a.position - b.position ||
      a.createdAt.getTime() - b.createdAt.getTime() ||
      collator.compare(a.name.fi, b.name.fi) ||
      a.id.localeCompare(b.id),
  );
}

type AppointmentRow = Awaited<ReturnType<typeof repo.listUpcomingAppointments>>[number];

function toPatientAppointment(row: AppointmentRow): PatientAppointment {
  return {
    uuid: row.id,
    name: row.name,
    startTime: row.startsAt.getTime(),
    duration: row.durationMinutes,
    type: row.type,
    queueId: row.queueId,
    audienceId: row.audienceId,
    // Surveys are not linked to appointments yet (no link table): none to show.
    surveys: [],
    preQuestionnaire: row.preQuestionnaire ?? null,
  };
}

/**
 * `GET /api/services` (spec §3 'Services response'): the effective patient's appointments that have not ended
 * (only when the organisation has bookings on), and the organisation's services split into open ones and
 * those that need a chat code.
 */
export async function servicesFor(db: Db, patientId: string, org: OrganisationRow, now = new Date()): Promise<ServicesResponse> {
  const [all, upcoming] = await Promise.all([
    repo.listServices(db, org.id),
    org.flags.bookingsEnabled ? repo.listUpcomingAppointments(db, patientId, org.id, now) : [],
  ]);
  const rows = inDisplayOrder(all);
  return {
    appointments: upcoming.map(toPatientAppointment),
    openServices: rows.filter((s) => !s.requiresCode).map((s) => toOpenService(s, org)),
    chatCodeServices: rows.filter((s) => s.requiresCode).map((s) => toOpenService(s, org)),
  };
}

/** Spec §3 'Pending survey': the effective patient's unanswered surveys in the selected organisation. */
export async function pendingSurveys(db: Db, patientId: string, org: OrganisationRow): Promise<PendingSurvey[]> {
  const rows = await repo.listPendingSurveys(db, patientId, org.id);
  return rows.map((r) => ({ response_id: r.id, survey_name: r.surveyName }));
}
