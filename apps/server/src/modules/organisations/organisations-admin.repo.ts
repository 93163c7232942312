import { and, asc, eq, inArray, isNull, like, or } from 'drizzle-orm';
import type { OrganisationAreas } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { organisationAreas, organisationFiles, organisations, services, surveyTemplates } from '../../db/schema';

/**
 * Of `ids`, the survey templates an organisation may list (its own and the shared ones; only shared ones for a new
 * organisation): read from the surveys' table, which the surveys module writes.
 */
export async function listableSurveyIds(tx: Tx, organisationId: string | null, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const shared = and(isNull(surveyTemplates.organisationId), eq(surveyTemplates.shared, true));
  const scope = organisationId ? or(eq(surveyTemplates.organisationId, organisationId), shared) : shared;
  const rows = await tx
    .select({ id: surveyTemplates.id })
    .from(surveyTemplates)
    .where(and(inArray(surveyTemplates.id, [...ids]), scope));
  return new Set(rows.map((r) => r.id));
}

export type NewOrganisationRow = typeof organisations.$inferInsert;
export type OrganisationPatch = Partial<Omit<NewOrganisationRow, 'id' | 'slug' | 'clientId' | 'createdAt'>>;

/** Slugs already taken that start with `base` (to pick the next free one). */
export async function slugsLike(tx: Tx, base: string): Promise<string[]> {
  const rows = await tx
    .select({ slug: organisations.slug })
    .from(organisations)
    .where(or(eq(organisations.slug, base), like(organisations.slug, `${base}-%`)));
  return rows.map((r) => r.slug);
}

export async function insertOrganisation(tx: Tx, values: NewOrganisationRow): Promise<{ id: string; clientId: string }> {
  const [row] = await tx.insert(organisations).values(values).returning({ id: organisations.id, clientId: organisations.clientId });
  return row!;
}

export async function updateOrganisation(tx: Tx, id: string, patch: OrganisationPatch): Promise<void> {
  await tx
    .update(organisations)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(organisations.id, id));
}

/** Locks the organisation's row for the rest of the transaction, so concurrent updates merge one after the other. */
export async function lockOrganisation(tx: Tx, id: string) {
  const [row] = await tx.select().from(organisations).where(eq(organisations.id, id)).for('update').limit(1);
  return row;
}

type ImageKind = (typeof organisationFiles.$inferInsert)['kind'];

/**
 * Points the organisation's image of `kind` at a stored file (clearing bytes kept from before the file
 * store); answers the file it replaced, if any, so its row and bytes can go.
 */
export async function setImageFile(tx: Tx, organisationId: string, kind: ImageKind, fileId: string): Promise<string | null> {
  const where = and(eq(organisationFiles.organisationId, organisationId), eq(organisationFiles.kind, kind));
  const [previous] = await tx.select({ fileId: organisationFiles.fileId }).from(organisationFiles).where(where).for('update');
  const values = { fileId, legacyContentType: null, legacyData: null, updatedAt: new Date() };
  await tx
    .insert(organisationFiles)
    .values({ organisationId, kind, ...values })
    .onConflictDoUpdate({ target: [organisationFiles.organisationId, organisationFiles.kind], set: values });
  return previous?.fileId ?? null;
}

/** Removes the organisation's image of `kind`; answers its stored file, if it had one. */
export async function deleteImage(tx: Tx, organisationId: string, kind: ImageKind): Promise<string | null> {
  const [removed] = await tx
    .delete(organisationFiles)
    .where(and(eq(organisationFiles.organisationId, organisationId), eq(organisationFiles.kind, kind)))
    .returning({ fileId: organisationFiles.fileId });
  return removed?.fileId ?? null;
}

export async function areasOf(tx: Tx, organisationId: string): Promise<OrganisationAreas> {
  const rows = await tx
    .select({ kind: organisationAreas.kind, value: organisationAreas.value })
    .from(organisationAreas)
    .where(eq(organisationAreas.organisationId, organisationId))
    .orderBy(asc(organisationAreas.value));
  return {
    municipalities: rows.filter((r) => r.kind === 'municipality').map((r) => r.value),
    postalCodes: rows.filter((r) => r.kind === 'postalCode').map((r) => r.value),
  };
}

export async function replaceAreas(tx: Tx, organisationId: string, areas: OrganisationAreas): Promise<void> {
  await tx.delete(organisationAreas).where(eq(organisationAreas.organisationId, organisationId));
  const rows = [
    ...[...new Set(areas.municipalities)].map((value) => ({ organisationId, kind: 'municipality' as const, value })),
    ...[...new Set(areas.postalCodes)].map((value) => ({ organisationId, kind: 'postalCode' as const, value })),
  ];
  if (rows.length > 0) await tx.insert(organisationAreas).values(rows);
}

/** The organisation's services in display order. */
export function serviceSummaries(tx: Tx, organisationId: string) {
  return tx
    .select({
      id: services.id,
      name: services.name,
      icon: services.icon,
      chatQueueId: services.chatQueueId,
      requiresCode: services.requiresCode,
      selfAssessment: services.selfAssessment,
    })
    .from(services)
    .where(eq(services.organisationId, organisationId))
    .orderBy(asc(services.position), asc(services.createdAt), asc(services.id));
}

/** Which of `ids` are services of the organisation. */
export async function ownServiceIds(tx: Tx, organisationId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.organisationId, organisationId), inArray(services.id, ids)));
  return new Set(rows.map((r) => r.id));
}
