import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments, experts, organisations, staffUsers, surveyResponses, surveyTemplateVersions } from '../../db/schema';

/**
 * A patient's own response with its organisation's colours, and what it is about (its appointment's start, when it
 * was sent, its expert's name); undefined for anyone else's.
 */
export async function patientResponse(tx: Tx, patientId: string, responseId: string) {
  const [row] = await tx
    .select({
      id: surveyResponses.id,
      organisationId: surveyResponses.organisationId,
      closedAt: surveyResponses.closedAt,
      createdAt: surveyResponses.createdAt,
      appointmentAt: appointments.startsAt,
      expertFirstName: staffUsers.firstName,
      expertLastName: staffUsers.lastName,
      primaryColor: organisations.primaryColor,
      backgroundColor: organisations.backgroundColor,
    })
    .from(surveyResponses)
    .innerJoin(organisations, eq(organisations.id, surveyResponses.organisationId))
    .leftJoin(appointments, eq(appointments.id, surveyResponses.appointmentId))
    .leftJoin(experts, eq(experts.id, surveyResponses.expertId))
    .leftJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(and(eq(surveyResponses.id, responseId), eq(surveyResponses.patientId, patientId)));
  return row;
}

/** An organisation's colours (the runner's theme). */
export async function organisationColours(tx: Tx, organisationId: string) {
  const [row] = await tx
    .select({ primaryColor: organisations.primaryColor, backgroundColor: organisations.backgroundColor })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row;
}

/** A response with the version asked, locked when answers are about to be stored. */
export async function responseWithVersion(tx: Tx, responseId: string, opts: { lock?: boolean } = {}) {
  const query = tx
    .select({ response: surveyResponses, version: surveyTemplateVersions })
    .from(surveyResponses)
    .leftJoin(surveyTemplateVersions, eq(surveyTemplateVersions.id, surveyResponses.templateVersionId))
    .where(eq(surveyResponses.id, responseId));
  const [row] = opts.lock ? await query.for('update', { of: surveyResponses }) : await query;
  return row;
}

export async function updateResponse(tx: Tx, responseId: string, values: Partial<typeof surveyResponses.$inferInsert>) {
  await tx.update(surveyResponses).set(values).where(eq(surveyResponses.id, responseId));
}

/** Marks a response closed once; answers whether this call closed it. */
export async function closeResponse(tx: Tx, responseId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(surveyResponses)
    .set({ closedAt: now })
    .where(and(eq(surveyResponses.id, responseId), isNull(surveyResponses.closedAt)))
    .returning({ id: surveyResponses.id });
  return rows.length > 0;
}

/** The staff user behind an expert (audit names staff users). */
export async function expertUserId(tx: Tx, expertId: string): Promise<string | null> {
  const [row] = await tx.select({ userId: experts.userId }).from(experts).where(eq(experts.id, expertId));
  return row?.userId ?? null;
}
