import type { z } from 'zod/mini';
import { localizedOrganisationName, type Language, type Localized, type OrganisationsInfo, type ZLocationOptions } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { byFinnishName, municipalityByCode, municipalityNames } from '../directory/directory.service';
import { municipalityAreas, organisationsServing } from '../organisations/organisations.service';
import { switchOrganisation } from './organisation-choice.service';
import type { PatientContext } from '../../platform/access/patient-access';
import { findPatientById } from './patients.repo';

export type LocationOptions = z.infer<typeof ZLocationOptions>;

/**
 * Change location (spec §2, §4): the municipalities some listed organisation serves, by Finnish name, each with
 * the organisation a move there selects (the first by name, as `changeLocation` picks it), the one the patient
 * chose last and their current organisation. Codes the municipality list does not know are left out. Organisations
 * are named in the patient's language (Vantaa / Vanda).
 */
export async function locationOptions(db: Db, ctx: PatientContext, language: Language): Promise<LocationOptions> {
  const [rows, patient] = await Promise.all([municipalityAreas(db), findPatientById(db, ctx.patientId)]);
  const areas = new Map<string, { name: Localized; organisation: { id: string; name: string } }>();
  for (const { code, organisationId, name, nameSe, nameEn } of rows) {
    const municipality = municipalityByCode(code);
    const organisation = { id: organisationId, name: localizedOrganisationName(name, nameSe, nameEn)[language] };
    if (municipality && !areas.has(code)) areas.set(code, { name: municipalityNames(municipality), organisation });
  }
  const list = byFinnishName(
    [...areas].map(([id, area]) => ({ id, ...area })),
    (a) => a.name.fi,
  );
  const org = ctx.organisation;
  const currentOrganisation = org ? { id: org.id, name: localizedOrganisationName(org.name, org.nameSe, org.nameEn)[language] } : null;
  return { areas: list, current: patient?.locationCode ?? null, currentOrganisation };
}

/**
 * Moves the effective patient to the organisation serving a municipality (the first by name when several do)
 * and remembers the municipality; 501 when no listed organisation serves it. Audited.
 */
export async function changeLocation(
  db: Db,
  ctx: PatientContext,
  area: string,
  ip: string,
  language: Language,
): Promise<OrganisationsInfo> {
  return db.transaction(async (tx) => {
    const [org] = await organisationsServing(tx, area);
    if (!org) throw new AppError(501, { detail: 'no organisation serves the area' });
    return switchOrganisation(tx, ctx, org.id, { action: 'patient.location.change', ip }, area, language);
  });
}
