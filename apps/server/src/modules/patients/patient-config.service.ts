import { okEnvelope, ZPatientConfig, type PatientConfig } from '@prsp/contracts';
import { encode } from 'zod/mini';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { ReadModelCache } from '../../platform/cache/read-model-cache';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { ok } from '../../platform/ok';
import type { Session } from '../../platform/session/sessions.service';
import { findOrganisationByCompanyId, organisationFileKinds, type OrganisationRow } from '../organisations/organisations.service';
import { toPatientConfig } from './patient-config';
import { actOnBehalfOf } from './patients.service';

/**
 * `connectorUrl`: the health-assessment connector's page (config.ts); `readModels`: the cache of serialized configs
 * (plugins/read-models.ts).
 */
export type PatientConfigDeps = { db: Db; cipher: FieldCipher; connectorUrl: string | null; readModels: ReadModelCache };

const ZConfigAnswer = okEnvelope(ZPatientConfig);

async function configOf(deps: PatientConfigDeps, org: OrganisationRow, session: Session | null): Promise<PatientConfig> {
  const [files, actOnBehalf] = await Promise.all([organisationFileKinds(deps.db, org.id), actOnBehalfOf(deps.db, deps.cipher, session)]);
  return toPatientConfig(org, files, actOnBehalf, deps.connectorUrl);
}

/**
 * `GET /api/config`: the whole answer, serialized, for the caller's selected organisation (the guard has loaded it).
 * It is the same for every patient of the organisation except the person acted for, so it comes from the read-model
 * cache, keyed by organisation, unless the caller acts on someone's behalf: that answer names the principal, is the
 * caller's own, and is never stored.
 */
export async function configAnswerForPatient(deps: PatientConfigDeps, org: OrganisationRow, session: Session): Promise<string> {
  const serialize = async (who: Session | null) => JSON.stringify(encode(ZConfigAnswer, ok(await configOf(deps, org, who))));
  if (session.actingForPatientId) return serialize(session);
  return deps.readModels.get('config', org.id, '', () => serialize(null));
}

/**
 * `GET /api/config/{companyId}`: any organisation's public config by id, slug or client id. Guests use it
 * before they have a session; the hidden-from-listing flag does not apply, since a guest's appointment
 * may belong to such an organisation.
 */
export async function configForCompany(deps: PatientConfigDeps, companyId: string, session: Session | null): Promise<PatientConfig> {
  const org = await findOrganisationByCompanyId(deps.db, companyId);
  if (!org) throw new AppError(404, { detail: 'unknown company id' });
  return configOf(deps, org, session);
}
