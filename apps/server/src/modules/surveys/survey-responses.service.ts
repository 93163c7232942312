import type { PatientAppointment } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { enqueueJob } from '../../platform/jobs/queue';
import { surveysForAppointment, surveysForService } from './survey-attachments.service';
import { usableIds } from './templates.repo';
import * as repo from './survey-responses.repo';

/** The end job names the appointment and the end it was scheduled for: ids and a time, nothing personal. */
export type SurveysAfterPayload = { appointmentId: string; endsAt: string };

declare module '../../platform/jobs/queue' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface JobPayloads {
    /** Sends an appointment's `after` surveys when it ends (survey-after.job.ts). */
    'surveys.afterAppointment': SurveysAfterPayload;
  }
}

const RESERVED = new Set(['booked', 'selfBooked']);

/**
 * Sends the surveys an appointment carries for one timing (its service's and its own, `surveysForAppointment`): one
 * response per patient taking part and survey version, pointing at the version asked, read first by the
 * appointment's expert. Idempotent: a patient who already has a response for the same appointment, version and
 * trigger gets no second one, so booking again, the end job running twice and the expert ending the chat meet
 * without duplicates (the appointment row is locked while deciding). Nothing for an appointment that is not
 * reserved. Answers the ids of the responses made.
 */
export async function createResponsesForAppointment(tx: Tx, appointmentId: string, timing: 'before' | 'after'): Promise<string[]> {
  const appointment = await repo.lockAppointment(tx, appointmentId);
  if (!appointment || !RESERVED.has(appointment.status)) return [];
  const surveys = (await surveysForAppointment(tx, appointmentId)).filter((s) => s.timing === timing);
  if (surveys.length === 0) return [];
  const patients = await repo.appointmentPatientIds(tx, appointmentId);
  const existing = new Set((await repo.responsesOfAppointment(tx, appointmentId, timing)).map((r) => `${r.patientId}:${r.versionId}`));
  const rows = patients.flatMap((patientId) =>
    surveys
      .filter((s) => !existing.has(`${patientId}:${s.versionId}`))
      .map((s) => ({
        organisationId: appointment.organisationId,
        patientId,
        templateVersionId: s.versionId,
        surveyName: s.name,
        appointmentId,
        trigger: timing,
        expertId: appointment.expertId,
      })),
  );
  return repo.insertResponses(tx, rows);
}

/**
 * A walk-in chat (no appointment) that an expert took has ended: its service's `after` surveys go to its patient now,
 * as an appointment's go at its end, read first by the expert who had it. A chat ends once, so they go once.
 */
export async function createResponsesForChat(tx: Tx, channelId: string): Promise<string[]> {
  const chat = await repo.walkInChat(tx, channelId);
  if (!chat?.patientId || !chat.serviceId || chat.appointmentId || !chat.acceptedAt) return [];
  const surveys = (await surveysForService(tx, chat.organisationId, chat.serviceId)).filter((s) => s.timing === 'after');
  return repo.insertResponses(
    tx,
    surveys.map((s) => ({
      organisationId: chat.organisationId,
      patientId: chat.patientId!,
      templateVersionId: s.versionId,
      surveyName: s.name,
      appointmentId: null,
      trigger: 'after' as const,
      expertId: chat.expertId,
    })),
  );
}

/** The idempotency key of an end job: one per appointment and end time. */
export function surveysAfterKey(appointmentId: string, endsAt: Date): string {
  return `${appointmentId}:${endsAt.toISOString()}`;
}

/**
 * What a booking (patient's or admin's) or a change of its time means for surveys, in the booking's transaction:
 * the `before` surveys go at once, and the end job is queued for the end time. A moved appointment gets a new end
 * job; the old one finds the time changed and does nothing.
 */
export async function surveysOnBooking(tx: Tx, appointmentId: string): Promise<void> {
  await createResponsesForAppointment(tx, appointmentId, 'before');
  const appointment = await repo.lockAppointment(tx, appointmentId);
  if (!appointment || !RESERVED.has(appointment.status)) return;
  await enqueueJob(
    tx,
    'surveys.afterAppointment',
    { appointmentId, endsAt: appointment.endsAt.toISOString() },
    { runAt: appointment.endsAt, singletonKey: surveysAfterKey(appointmentId, appointment.endsAt), maxAttempts: 5 },
  );
}

/**
 * A reserved appointment changed in more than its state (`booking.updated`): as at booking, unless its visit is over
 * (an expert removed long after it): nobody is asked beforehand about a past visit, and its end job has run.
 */
export async function surveysOnChange(tx: Tx, appointmentId: string, now: Date): Promise<void> {
  const appointment = await repo.lockAppointment(tx, appointmentId);
  if (!appointment || appointment.endsAt.getTime() <= now.getTime()) return;
  await surveysOnBooking(tx, appointmentId);
}

/**
 * A cancelled appointment: the questionnaires sent to be answered before it are withdrawn if still unanswered (a
 * patient is not asked about a visit that will not happen); answers already given stay for the expert.
 */
export async function surveysOnCancel(tx: Tx, appointmentId: string, now: Date): Promise<void> {
  await repo.closeUnanswered(tx, appointmentId, 'before', now);
}

export type SendSurvey = { organisationId: string; patientId: string; templateId: string; expertId: string; appointmentId?: string | null };

/**
 * An expert sends a survey to a patient (trigger `expert`): a response to the template's current version, which the
 * patient then finds pending on their landing. The template must be the organisation's own or a shared global one,
 * and not archived (404 otherwise). The caller has checked that the expert may reach the patient. Answers the
 * response's id.
 */
export async function sendSurveyToPatient(tx: Tx, input: SendSurvey): Promise<string> {
  const usable = await usableIds(tx, input.organisationId, [input.templateId]);
  const template = usable.has(input.templateId) ? await repo.currentVersion(tx, input.templateId) : undefined;
  if (!template || template.isArchived) throw new AppError(404, { detail: 'survey template not available' });
  const [id] = await repo.insertResponses(tx, [
    {
      organisationId: input.organisationId,
      patientId: input.patientId,
      templateVersionId: template.versionId,
      surveyName: template.name,
      appointmentId: input.appointmentId ?? null,
      trigger: 'expert',
      expertId: input.expertId,
    },
  ]);
  return id!;
}

/** A patient's surveys of each appointment (spec §3 'Appointment (patient side)': response_id, responded_at, name). */
export async function patientAppointmentSurveys(
  tx: Tx,
  patientId: string,
  appointmentIds: readonly string[],
): Promise<Map<string, PatientAppointment['surveys']>> {
  const bySurvey = new Map<string, PatientAppointment['surveys']>();
  for (const r of await repo.responsesForAppointments(tx, patientId, appointmentIds)) {
    const list = bySurvey.get(r.appointmentId!) ?? [];
    list.push({ response_id: r.id, responded_at: r.respondedAt?.toISOString() ?? null, name: r.surveyName, trigger: r.trigger });
    bySurvey.set(r.appointmentId!, list);
  }
  return bySurvey;
}
