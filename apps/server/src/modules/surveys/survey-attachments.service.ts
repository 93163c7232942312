import type { Localized, SurveyAttachment } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { throwIfFieldIssues, type FieldIssue } from '../../platform/field-errors';
import * as repo from './survey-attachments.repo';
import { organisationSurveyList, usableIds } from './templates.repo';

/** A survey an appointment will send: the template's current version, and when. */
export type AppointmentSurvey = { templateId: string; versionId: string; name: Localized; timing: 'before' | 'after' };

/**
 * The surveys an appointment carries (docs/surveys.md 'Templates and the builder'): its service's and its own, each
 * at the template's current version, only templates still in its organisation's `surveys` list and not archived.
 * A template attached both ways for one timing counts once.
 */
export async function surveysForAppointment(tx: Tx, appointmentId: string): Promise<AppointmentSurvey[]> {
  const appointment = await repo.findAppointmentScope(tx, appointmentId);
  if (!appointment) return [];
  return surveysOf(tx, appointment.organisationId, appointment.serviceId, appointmentId);
}

/** The surveys a chat without an appointment (a walk-in) carries: its service's, as `surveysForAppointment` reads them. */
export function surveysForService(tx: Tx, organisationId: string, serviceId: string): Promise<AppointmentSurvey[]> {
  return surveysOf(tx, organisationId, serviceId, null);
}

async function surveysOf(tx: Tx, organisationId: string, serviceId: string | null, appointmentId: string | null) {
  const inUse = new Set(await organisationSurveyList(tx, organisationId));
  const attached = [
    ...(serviceId ? await repo.serviceSurveyRows(tx, serviceId) : []),
    ...(appointmentId ? await repo.appointmentSurveyRows(tx, appointmentId) : []),
  ].filter((a) => inUse.has(a.templateId));
  if (attached.length === 0) return [];
  const usable = await usableIds(
    tx,
    organisationId,
    attached.map((a) => a.templateId),
  );
  if (usable.size === 0) return [];
  const versions = await repo.currentVersionsOf(tx, [...usable]);
  const byTemplate = new Map(versions.map((v) => [v.templateId, v]));
  const seen = new Set<string>();
  const out: AppointmentSurvey[] = [];
  for (const a of attached) {
    const v = byTemplate.get(a.templateId);
    const key = `${a.templateId}:${a.timing}`;
    if (!v || seen.has(key)) continue;
    seen.add(key);
    out.push({ templateId: a.templateId, versionId: v.versionId, name: v.name, timing: a.timing });
  }
  return out;
}

/** The same template with the same timing once, in the order given. */
function distinct(list: readonly SurveyAttachment[]): SurveyAttachment[] {
  const seen = new Set<string>();
  return list.filter((a) => !seen.has(`${a.templateId}:${a.timing}`) && seen.add(`${a.templateId}:${a.timing}`));
}

/** Each attached survey must be one the organisation has in use (its `surveys` list) and may use. */
export async function attachmentIssues(tx: Tx, organisationId: string, list: readonly SurveyAttachment[]): Promise<FieldIssue[]> {
  if (list.length === 0) return [];
  const inUse = new Set(await organisationSurveyList(tx, organisationId));
  const usable = await usableIds(
    tx,
    organisationId,
    list.map((a) => a.templateId),
  );
  return list.flatMap((a, i) =>
    inUse.has(a.templateId) && usable.has(a.templateId) ? [] : [{ field: `surveys.${i}`, key: 'invalid' as const }],
  );
}

/** The surveys a service carries, as its form shows them. */
export function serviceSurveysOf(tx: Tx, serviceId: string): Promise<SurveyAttachment[]> {
  return repo.orderedServiceSurveys(tx, serviceId);
}

export async function replaceServiceSurveys(tx: Tx, serviceId: string, list: readonly SurveyAttachment[]): Promise<void> {
  await repo.deleteServiceSurveys(tx, serviceId);
  const rows = distinct(list).map((a) => ({ serviceId, ...a }));
  if (rows.length) await repo.insertServiceSurveys(tx, rows);
}

/** The surveys an appointment carries of its own, as its form shows them. */
export function appointmentSurveysOf(tx: Tx, appointmentId: string): Promise<SurveyAttachment[]> {
  return repo.orderedAppointmentSurveys(tx, appointmentId);
}

export async function replaceAppointmentSurveys(tx: Tx, appointmentId: string, list: readonly SurveyAttachment[]): Promise<void> {
  await repo.deleteAppointmentSurveys(tx, appointmentId);
  const rows = distinct(list).map((a) => ({ appointmentId, ...a }));
  if (rows.length) await repo.insertAppointmentSurveys(tx, rows);
}

/** The admin's appointment form: its own surveys checked and stored, in the booking's transaction (before surveys go out). */
export async function attachSurveys(
  tx: Tx,
  organisationId: string,
  appointmentId: string,
  list: readonly SurveyAttachment[],
): Promise<void> {
  throwIfFieldIssues(await attachmentIssues(tx, organisationId, list));
  await replaceAppointmentSurveys(tx, appointmentId, list);
}
