import { FEATURE_FLAGS, type ExpertOrganisation, type FeatureFlags, type Language } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { expertOrganisationsOf } from '../staff/staff-organisations.service';
import { serviceSummaries } from './organisations-admin.repo';
import { findOrganisationById } from './organisations.repo';

/**
 * The expert app's view of its organisation: name, flags, theme colours, services and languages.
 * The organisation is the session's when the expert works there, else the first they work in;
 * nothing secret (no chat credentials, no retention, no contact data) leaves here.
 */
export async function expertOrganisation(db: Db, staffUserId: string, sessionOrganisationId: string | null): Promise<ExpertOrganisation> {
  const memberships = await expertOrganisationsOf(db, staffUserId);
  const chosen = memberships.find((m) => m.id === sessionOrganisationId) ?? memberships[0];
  if (!chosen) throw new AppError(403, { detail: 'not an expert in any organisation' });
  const row = await findOrganisationById(db, chosen.id);
  if (!row) throw new AppError(404);
  const flags = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, row.flags[f] === true])) as FeatureFlags;
  const languages: Language[] = [];
  if (flags.finnishEnabled) languages.push('fi');
  if (flags.swedishEnabled) languages.push('se');
  if (flags.englishEnabled) languages.push('en');
  return {
    id: row.id,
    name: row.name,
    flags,
    theme: { primaryColor: row.primaryColor, backgroundColor: row.backgroundColor },
    services: await serviceSummaries(db, row.id),
    languages,
  };
}
