import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { FileStore } from '../../platform/files/file-store';
import type { ServedFile } from '../../platform/files/serve-file';
import { organisationImageFilename } from './organisation-images';
import * as repo from './organisations.repo';

/** `files`: where theme images are stored. */
export type OrganisationDeps = { db: Db; files: FileStore };

/** The kinds of theme image the organisation has, with their times (for the patient config's image URLs). */
export const organisationFileKinds = repo.listFileKinds;

/** An organisation by id, slug or client id (`GET /api/config/{companyId}`). */
export const findOrganisationByCompanyId = repo.findOrganisationByCompanyId;

export type { OrganisationRow } from './organisations.repo';
export { organisationFileUrl, type FileStamp } from './organisation-file-url';
export { defaultOrganisationContent } from './default-content';
export { sanitizeTermsHtml } from './terms-html';

/** An organisation by id, for the patient's choice. */
export const findOrganisation = repo.findOrganisationById;

/** Every organisation's name and whether it is hidden from listing. */
export const organisationNames = repo.listOrganisationNames;

/** The municipalities organisations serve, and the organisations serving one (change location, spec §4). */
export const municipalityAreas = repo.listMunicipalityAreas;
export const organisationsServing = repo.findOrganisationsServing;

const LEGACY_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml']);

/** A theme image to answer with: a file in the store, or bytes kept in the row from before the file store. */
export type OrganisationImage =
  { kind: 'stored'; file: ServedFile } | { kind: 'legacy'; contentType: string; filename: string; data: Buffer };

/** A theme image to serve, or 404. Old bytes stored under another type are served as bytes, never as a page. */
export async function organisationFile(deps: OrganisationDeps, organisationId: string, kind: string): Promise<OrganisationImage> {
  if (!(repo.ORGANISATION_FILE_KINDS as readonly string[]).includes(kind)) throw new AppError(404);
  const imageKind = kind as repo.OrganisationFileKind;
  const row = await repo.findFile(deps.db, organisationId, imageKind);
  if (!row) throw new AppError(404);
  if (row.key !== null && row.contentType !== null && row.size !== null && row.filename !== null) {
    return { kind: 'stored', file: { key: row.key, contentType: row.contentType, size: row.size, filename: row.filename } };
  }
  if (!row.legacyData) throw new AppError(404);
  const contentType =
    row.legacyContentType && LEGACY_IMAGE_TYPES.has(row.legacyContentType) ? row.legacyContentType : 'application/octet-stream';
  return { kind: 'legacy', contentType, filename: organisationImageFilename(imageKind, contentType), data: Buffer.from(row.legacyData) };
}

// How a service is shown to patients (the services and chat-code modules show them).
export { selfAssessmentOf, toOpenService, type ServiceRow } from './service-view';
