import { okEnvelope, ZPatientConfig, type PatientConfig } from '@prsp/contracts';
import { encode } from 'zod/mini';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import type { ReadModelCache } from '../../platform/cache/read-model-cache';
import type { FileStore } from '../../platform/files/file-store';
import type { ServedFile } from '../../platform/files/serve-file';
import type { Session } from '../../platform/session/sessions.service';
import { ok } from '../../platform/ok';
import { actOnBehalfOf } from '../patients/patients.service';
import { organisationImageFilename } from './organisation-images';
import * as repo from './organisations.repo';
import { toPatientConfig } from './patient-config';

/**
 * `files`: where theme images are stored; `connectorUrl`: the health-assessment connector's page (config.ts);
 * `readModels`: the cache of serialized configs (plugins/read-models.ts).
 */
export type OrganisationDeps = { db: Db; cipher: FieldCipher; files: FileStore; connectorUrl?: string | null; readModels: ReadModelCache };

const ZConfigAnswer = okEnvelope(ZPatientConfig);

async function configOf(deps: OrganisationDeps, org: repo.OrganisationRow, session: Session | null): Promise<PatientConfig> {
  const [files, actOnBehalf] = await Promise.all([repo.listFileKinds(deps.db, org.id), actOnBehalfOf(deps.db, deps.cipher, session)]);
  return toPatientConfig(org, files, actOnBehalf, deps.connectorUrl ?? null);
}

/**
 * `GET /api/config`: the whole answer, serialized, for the caller's selected organisation (the guard has loaded it).
 * It is the same for every patient of the organisation except the person acted for, so it comes from the read-model
 * cache, keyed by organisation, unless the caller acts on someone's behalf: that answer names the principal, is the
 * caller's own, and is never stored.
 */
export async function configAnswerForPatient(deps: OrganisationDeps, org: repo.OrganisationRow, session: Session): Promise<string> {
  const serialize = async (who: Session | null) => JSON.stringify(encode(ZConfigAnswer, ok(await configOf(deps, org, who))));
  if (session.actingForPatientId) return serialize(session);
  return deps.readModels.get('config', org.id, '', () => serialize(null));
}

/**
 * `GET /api/config/{companyId}`: any organisation's public config by id, slug or client id. Guests use it
 * before they have a session; the hidden-from-listing flag does not apply, since a guest's appointment
 * may belong to such an organisation.
 */
export async function configForCompany(deps: OrganisationDeps, companyId: string, session: Session | null): Promise<PatientConfig> {
  const org = await repo.findOrganisationByCompanyId(deps.db, companyId);
  if (!org) throw new AppError(404, { detail: 'unknown company id' });
  return configOf(deps, org, session);
}

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
