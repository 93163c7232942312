import { and, asc, eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { files, organisationAreas, organisationFiles, organisations } from '../../db/schema';

export type OrganisationRow = typeof organisations.$inferSelect;
export type OrganisationFileKind = (typeof organisationFiles.$inferSelect)['kind'];
export const ORGANISATION_FILE_KINDS: readonly OrganisationFileKind[] = ['logo', 'logoEn', 'logoSe', 'background'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` can be compared with a uuid column (PostgreSQL refuses the comparison otherwise). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

export async function findOrganisationById(tx: Tx, id: string): Promise<OrganisationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row;
}

/** The organisation a company id names: its id, slug or client id. */
export async function findOrganisationByCompanyId(tx: Tx, companyId: string): Promise<OrganisationRow | undefined> {
  const byKey = or(eq(organisations.slug, companyId), eq(organisations.clientId, companyId));
  const where = isUuid(companyId) ? or(eq(organisations.id, companyId), byKey) : byKey;
  const [row] = await tx.select().from(organisations).where(where).limit(1);
  return row;
}

/** Every organisation with its listing flag, by name: the caller decides what to show. */
export function listOrganisationNames(tx: Tx) {
  return tx
    .select({
      id: organisations.id,
      name: organisations.name,
      nameSe: organisations.nameSe,
      nameEn: organisations.nameEn,
      hidden: organisations.dontShowOnListingEnabled,
    })
    .from(organisations)
    .orderBy(asc(organisations.name), asc(organisations.id));
}

/** Which theme images an organisation has, and when each changed (for cache-busting URLs). */
export function listFileKinds(tx: Tx, organisationId: string) {
  return tx
    .select({ kind: organisationFiles.kind, updatedAt: organisationFiles.updatedAt })
    .from(organisationFiles)
    .where(eq(organisationFiles.organisationId, organisationId));
}

/**
 * The theme image of `kind`: its stored file (key, recorded type, size, served name), or for an image
 * from before the file store, the bytes kept in the row.
 */
export async function findFile(tx: Tx, organisationId: string, kind: OrganisationFileKind) {
  if (!isUuid(organisationId)) return undefined;
  const [row] = await tx
    .select({
      key: files.key,
      contentType: files.contentType,
      size: files.size,
      filename: files.filename,
      legacyContentType: organisationFiles.legacyContentType,
      legacyData: organisationFiles.legacyData,
    })
    .from(organisationFiles)
    .leftJoin(files, eq(files.id, organisationFiles.fileId))
    .where(and(eq(organisationFiles.organisationId, organisationId), eq(organisationFiles.kind, kind)))
    .limit(1);
  return row;
}

/** Municipality codes in listed organisations' service areas, with the organisation serving each (by name). */
export function listMunicipalityAreas(tx: Tx) {
  return tx
    .select({
      code: organisationAreas.value,
      organisationId: organisations.id,
      name: organisations.name,
      nameSe: organisations.nameSe,
      nameEn: organisations.nameEn,
    })
    .from(organisationAreas)
    .innerJoin(organisations, eq(organisations.id, organisationAreas.organisationId))
    .where(and(eq(organisationAreas.kind, 'municipality'), eq(organisations.dontShowOnListingEnabled, false)))
    .orderBy(asc(organisations.name), asc(organisations.id));
}

/** Listed organisations serving one municipality, by name. */
export function findOrganisationsServing(tx: Tx, municipalityCode: string) {
  return tx
    .select({ id: organisations.id, name: organisations.name })
    .from(organisationAreas)
    .innerJoin(organisations, eq(organisations.id, organisationAreas.organisationId))
    .where(
      and(
        eq(organisationAreas.kind, 'municipality'),
        eq(organisationAreas.value, municipalityCode),
        eq(organisations.dontShowOnListingEnabled, false),
      ),
    )
    .orderBy(asc(organisations.name), asc(organisations.id));
}
