import type { ActOnBehalf, OrganisationsInfo, PatientConfig } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import type { Session } from '../../platform/session/sessions.service';
import { findPatient } from '../patients/patients.service';
import { setSelectedOrganisation } from '../patients/patients.repo';
import { patientActor, type PatientContext } from '../../platform/access/patient-access';
import * as repo from './organisations.repo';
import { toPatientConfig } from './patient-config';

export type OrganisationDeps = { db: Db; cipher: FieldCipher };

/**
 * The person a signed-in patient acts for, as the config names them (spec §3 actOnBehalf):
 * identity code decrypted for display, name as given + family. Null when not acting.
 */
export async function actOnBehalfOf(deps: OrganisationDeps, session: Session | null): Promise<ActOnBehalf | null> {
  if (!session?.patientId || !session.actingForPatientId) return null;
  const principal = await findPatient(deps.db, session.actingForPatientId);
  if (!principal) return null;
  return { ssn: deps.cipher.decrypt(principal.ssnEncrypted), name: `${principal.givenName} ${principal.familyName}` };
}

async function configOf(deps: OrganisationDeps, org: repo.OrganisationRow, session: Session | null): Promise<PatientConfig> {
  const [files, actOnBehalf] = await Promise.all([repo.listFileKinds(deps.db, org.id), actOnBehalfOf(deps, session)]);
  return toPatientConfig(org, files, actOnBehalf);
}

/** `GET /api/config`: the config of the caller's selected organisation (the guard has loaded it). */
export function configForPatient(deps: OrganisationDeps, org: repo.OrganisationRow, session: Session): Promise<PatientConfig> {
  return configOf(deps, org, session);
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

/**
 * Spec §3 'Organisations info': the organisations a patient may choose (not hidden from listing),
 * plus the one already selected even when it is hidden, so the choice is always shown.
 */
export async function organisationsInfo(tx: Tx, selectedOrganisationId: string | null): Promise<OrganisationsInfo> {
  const rows = await repo.listOrganisationNames(tx);
  return {
    organisations: rows.filter((r) => !r.hidden || r.id === selectedOrganisationId).map(({ id, name }) => ({ id, name })),
    selectedOrganisation: selectedOrganisationId,
  };
}

/** The organisations info of the effective patient. */
export async function organisationsInfoFor(deps: OrganisationDeps, ctx: PatientContext): Promise<OrganisationsInfo> {
  return organisationsInfo(deps.db, ctx.organisation?.id ?? null);
}

/**
 * Makes an organisation the effective patient's selected one. Unknown and hidden organisations are refused
 * with 404 (hidden ones are reached through their own links, not chosen); re-choosing the current one is fine.
 */
export async function selectOrganisation(deps: OrganisationDeps, ctx: PatientContext, organisationId: string, ip: string) {
  return deps.db.transaction(async (tx) => {
    const org = await repo.findOrganisationById(tx, organisationId);
    if (!org || (org.dontShowOnListingEnabled && org.id !== ctx.organisation?.id)) {
      throw new AppError(404, { detail: 'organisation unknown or hidden' });
    }
    return switchOrganisation(tx, ctx, org.id, { action: 'patient.organisation.select', ip });
  });
}

/**
 * Makes an organisation the effective patient's selected one (remembering `locationCode` on a change of
 * location), audits it under `audit.action`, and answers the new organisations info: the common end of
 * choosing an organisation and changing location.
 */
export async function switchOrganisation(
  tx: Tx,
  ctx: PatientContext,
  organisationId: string,
  audit: { action: string; ip: string },
  locationCode?: string,
): Promise<OrganisationsInfo> {
  await setSelectedOrganisation(tx, ctx.patientId, organisationId, locationCode);
  await recordAudit(tx, { ...patientActor(ctx, audit.ip), action: audit.action, objectType: 'organisation', objectId: organisationId });
  return organisationsInfo(tx, organisationId);
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml']);

/** A theme image to serve, or 404. Anything stored under another type is served as bytes, never as a page. */
export async function organisationFile(deps: OrganisationDeps, organisationId: string, kind: string) {
  if (!(repo.ORGANISATION_FILE_KINDS as readonly string[]).includes(kind)) throw new AppError(404);
  const file = await repo.findFile(deps.db, organisationId, kind as repo.OrganisationFileKind);
  if (!file) throw new AppError(404);
  const contentType = IMAGE_TYPES.has(file.contentType) ? file.contentType : 'application/octet-stream';
  return { contentType, data: Buffer.from(file.data) };
}
