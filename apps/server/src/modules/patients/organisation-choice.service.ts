import { DEFAULT_LANGUAGE, localizedOrganisationName, type Language, type OrganisationsInfo } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { patientActor, type PatientContext } from '../../platform/access/patient-access';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { findOrganisation, organisationNames } from '../organisations/organisations.service';
import { setSelectedOrganisation } from './patients.repo';

/**
 * Spec §3 'Organisations info': the organisations a patient may choose (not hidden from listing),
 * plus the one already selected even when it is hidden, so the choice is always shown; each named in the
 * patient's language (Vantaa / Vanda), its Finnish name where it has none.
 */
export async function organisationsInfo(
  tx: Tx,
  selectedOrganisationId: string | null,
  language: Language = DEFAULT_LANGUAGE,
): Promise<OrganisationsInfo> {
  const rows = await organisationNames(tx);
  return {
    organisations: rows
      .filter((r) => !r.hidden || r.id === selectedOrganisationId)
      .map((r) => ({ id: r.id, name: localizedOrganisationName(r.name, r.nameSe, r.nameEn)[language] })),
    selectedOrganisation: selectedOrganisationId,
  };
}

/** The organisations info of the effective patient. */
export function organisationsInfoFor(db: Db, ctx: PatientContext, language: Language): Promise<OrganisationsInfo> {
  return organisationsInfo(db, ctx.organisation?.id ?? null, language);
}

/**
 * Makes an organisation the effective patient's selected one. Unknown and hidden organisations are refused
 * with 404 (hidden ones are reached through their own links, not chosen); re-choosing the current one is fine.
 */
export async function selectOrganisation(
  db: Db,
  ctx: PatientContext,
  organisationId: string,
  ip: string,
  language: Language,
): Promise<OrganisationsInfo> {
  return db.transaction(async (tx) => {
    const org = await findOrganisation(tx, organisationId);
    if (!org || (org.dontShowOnListingEnabled && org.id !== ctx.organisation?.id)) {
      throw new AppError(404, { detail: 'organisation unknown or hidden' });
    }
    return switchOrganisation(tx, ctx, org.id, { action: 'patient.organisation.select', ip }, undefined, language);
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
  language: Language = DEFAULT_LANGUAGE,
): Promise<OrganisationsInfo> {
  await setSelectedOrganisation(tx, ctx.patientId, organisationId, locationCode);
  await recordAudit(tx, { ...patientActor(ctx, audit.ip), action: audit.action, objectType: 'organisation', objectId: organisationId });
  return organisationsInfo(tx, organisationId, language);
}
