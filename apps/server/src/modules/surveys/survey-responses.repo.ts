import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  appointmentParticipants,
  appointments,
  chatChannels,
  surveyResponses,
  surveyTemplates,
  surveyTemplateVersions,
} from '../../db/schema';

export type ResponseRow = typeof surveyResponses.$inferSelect;

/** The appointment, locked: responses made for it by two callers at once (the end job, the expert ending it) wait in turn. */
export async function lockAppointment(tx: Tx, appointmentId: string) {
  const [row] = await tx
    .select({
      id: appointments.id,
      organisationId: appointments.organisationId,
      expertId: appointments.expertId,
      status: appointments.status,
      endsAt: appointments.endsAt,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .for('update');
  return row;
}

/** The patients taking part in an appointment (a one-to-one's patient, a group's patients). */
export async function appointmentPatientIds(tx: Tx, appointmentId: string): Promise<string[]> {
  const rows = await tx
    .select({ patientId: appointmentParticipants.patientId })
    .from(appointmentParticipants)
    .where(and(eq(appointmentParticipants.appointmentId, appointmentId), isNotNull(appointmentParticipants.patientId)));
  return rows.map((r) => r.patientId!);
}

/** The responses already made for an appointment by one trigger: what makes creating them again a no-op. */
export function responsesOfAppointment(tx: Tx, appointmentId: string, trigger: 'before' | 'after') {
  return tx
    .select({ patientId: surveyResponses.patientId, versionId: surveyResponses.templateVersionId })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.appointmentId, appointmentId), eq(surveyResponses.trigger, trigger)));
}

/** Closes the unanswered responses of one appointment and trigger (their tokens stop working, they leave the lists). */
export async function closeUnanswered(tx: Tx, appointmentId: string, trigger: 'before' | 'after', now: Date): Promise<void> {
  await tx
    .update(surveyResponses)
    .set({ closedAt: now })
    .where(
      and(
        eq(surveyResponses.appointmentId, appointmentId),
        eq(surveyResponses.trigger, trigger),
        isNull(surveyResponses.respondedAt),
        isNull(surveyResponses.closedAt),
      ),
    );
}

export async function insertResponses(tx: Tx, rows: (typeof surveyResponses.$inferInsert)[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(surveyResponses).values(rows).returning({ id: surveyResponses.id });
  return inserted.map((r) => r.id);
}

/** A template's current version (what an expert sends), and whether the template is archived. */
export async function currentVersion(tx: Tx, templateId: string) {
  const [row] = await tx
    .select({
      isArchived: surveyTemplates.isArchived,
      versionId: surveyTemplateVersions.id,
      name: surveyTemplateVersions.name,
    })
    .from(surveyTemplates)
    .innerJoin(
      surveyTemplateVersions,
      and(eq(surveyTemplateVersions.templateId, surveyTemplates.id), eq(surveyTemplateVersions.version, surveyTemplates.currentVersion)),
    )
    .where(eq(surveyTemplates.id, templateId));
  return row;
}

/** A patient's responses made for some appointments (spec §3 'Appointment (patient side)' surveys), oldest first. */
export function responsesForAppointments(tx: Tx, patientId: string, appointmentIds: readonly string[]) {
  if (appointmentIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: surveyResponses.id,
      appointmentId: surveyResponses.appointmentId,
      surveyName: surveyResponses.surveyName,
      respondedAt: surveyResponses.respondedAt,
      trigger: surveyResponses.trigger,
    })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.patientId, patientId), inArray(surveyResponses.appointmentId, [...appointmentIds])))
    .orderBy(asc(surveyResponses.createdAt), asc(surveyResponses.id));
}

/** What a chat's end needs to send its service's surveys (the chat module's table, read as the event describes it). */
export async function walkInChat(tx: Tx, channelId: string) {
  const [row] = await tx
    .select({
      organisationId: chatChannels.organisationId,
      patientId: chatChannels.patientId,
      serviceId: chatChannels.serviceId,
      appointmentId: chatChannels.appointmentId,
      expertId: chatChannels.expertId,
      acceptedAt: chatChannels.acceptedAt,
    })
    .from(chatChannels)
    .where(eq(chatChannels.id, channelId))
    .limit(1);
  return row;
}
