import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SurveyAttachment } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { appointments, appointmentSurveys, serviceSurveys, surveyTemplates, surveyTemplateVersions } from '../../db/schema';

// Which surveys services and appointments carry (survey-attachments.ts holds the rules).

/** The appointment's organisation and service; undefined when there is no such appointment. */
export async function findAppointmentScope(tx: Tx, appointmentId: string) {
  const [appointment] = await tx
    .select({ organisationId: appointments.organisationId, serviceId: appointments.serviceId })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return appointment;
}

/** The service's surveys in no particular order. */
export function serviceSurveyRows(tx: Tx, serviceId: string): Promise<SurveyAttachment[]> {
  return tx
    .select({ templateId: serviceSurveys.templateId, timing: serviceSurveys.timing })
    .from(serviceSurveys)
    .where(eq(serviceSurveys.serviceId, serviceId));
}

/** The appointment's own surveys in no particular order. */
export function appointmentSurveyRows(tx: Tx, appointmentId: string): Promise<SurveyAttachment[]> {
  return tx
    .select({ templateId: appointmentSurveys.templateId, timing: appointmentSurveys.timing })
    .from(appointmentSurveys)
    .where(eq(appointmentSurveys.appointmentId, appointmentId));
}

/** The current version (its id and name) of each of the templates that is not archived. */
export function currentVersionsOf(tx: Tx, templateIds: string[]) {
  return tx
    .select({ templateId: surveyTemplates.id, versionId: surveyTemplateVersions.id, name: surveyTemplateVersions.name })
    .from(surveyTemplates)
    .innerJoin(
      surveyTemplateVersions,
      and(eq(surveyTemplateVersions.templateId, surveyTemplates.id), eq(surveyTemplateVersions.version, surveyTemplates.currentVersion)),
    )
    .where(and(inArray(surveyTemplates.id, templateIds), eq(surveyTemplates.isArchived, false)));
}

/** The service's surveys in a stable order (by timing, then template), as its form shows them. */
export function orderedServiceSurveys(tx: Tx, serviceId: string): Promise<SurveyAttachment[]> {
  return tx
    .select({ templateId: serviceSurveys.templateId, timing: serviceSurveys.timing })
    .from(serviceSurveys)
    .where(eq(serviceSurveys.serviceId, serviceId))
    .orderBy(asc(serviceSurveys.timing), asc(serviceSurveys.templateId));
}

export async function deleteServiceSurveys(tx: Tx, serviceId: string): Promise<void> {
  await tx.delete(serviceSurveys).where(eq(serviceSurveys.serviceId, serviceId));
}

export async function insertServiceSurveys(tx: Tx, rows: (typeof serviceSurveys.$inferInsert)[]): Promise<void> {
  await tx.insert(serviceSurveys).values(rows);
}

/** The appointment's own surveys in a stable order (by timing, then template), as its form shows them. */
export function orderedAppointmentSurveys(tx: Tx, appointmentId: string): Promise<SurveyAttachment[]> {
  return tx
    .select({ templateId: appointmentSurveys.templateId, timing: appointmentSurveys.timing })
    .from(appointmentSurveys)
    .where(eq(appointmentSurveys.appointmentId, appointmentId))
    .orderBy(asc(appointmentSurveys.timing), asc(appointmentSurveys.templateId));
}

export async function deleteAppointmentSurveys(tx: Tx, appointmentId: string): Promise<void> {
  await tx.delete(appointmentSurveys).where(eq(appointmentSurveys.appointmentId, appointmentId));
}

export async function insertAppointmentSurveys(tx: Tx, rows: (typeof appointmentSurveys.$inferInsert)[]): Promise<void> {
  await tx.insert(appointmentSurveys).values(rows);
}
