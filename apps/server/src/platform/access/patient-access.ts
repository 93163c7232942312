import type { FeatureFlag } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { findOrganisationRow, type OrganisationRow } from './access.repo';
import { AppError } from '../app-error';
import type { ReadModelCache, Scope } from '../cache/read-model-cache';
import type { AuditEntry } from '../audit/audit';
import { patientAuditActor } from '../audit/patient-audit';
import { effectivePatientId, type Session } from '../session/sessions.service';
import { findPatientChoice, findPatientChoiceWithOrganisation } from './access.repo';

/** An organisation row with its flags, as the patient loaders read it. */
export type { OrganisationRow };

/** Who a patient request works for, loaded once per request (or socket event) by `loadPatientContext`. */
export type PatientContext = {
  /** The patient whose data the request reads and writes: the principal while acting on behalf. */
  patientId: string;
  /** The person who signed in (the delegate while acting). */
  signedInPatientId: string;
  /** The principal while acting on someone's behalf, else null. */
  actingForPatientId: string | null;
  /** The effective patient's selected organisation, with its flags; null when none is selected. */
  organisation: OrganisationRow | null;
  /** Whether the terms count as accepted in that organisation (always true when it has terms switched off). */
  termsAccepted: boolean;
};

export type PatientAccessRule = {
  /** 'required': 404 without a selected organisation. 'optional' (default): the flag and terms rules apply only when one is selected. */
  organisation?: 'required' | 'optional';
  /** The feature flag the route belongs to: 403 when the selected organisation has it off. */
  flag?: FeatureFlag;
  /** The route needs the organisation's terms accepted (spec §6 'needs accepted terms … for most routes'): 403 otherwise. */
  terms?: boolean;
};

/** A signed-in patient by the session alone (101 otherwise); no database read. */
export function requirePatientSession(session: Session | null): Session & { patientId: string } {
  if (!session?.patientId) throw new AppError(101);
  return session as Session & { patientId: string };
}

/** The cache scope of what is held of one patient (access state, appointments): what their tables' triggers notify (0013). */
export function patientScope(patientId: string): Scope {
  return `patient:${patientId}`;
}

/**
 * The patient access rule (spec §6 'Patient'): a signed-in patient (101), working on the effective patient (the
 * principal while acting on behalf), with the selected organisation loaded so the rule can enforce its feature
 * flag and terms. HTTP routes and socket events both call this with the session they carry. With `cache`, the
 * patient's choice and the organisation come from memory while no write has touched them (docs/operations.md); a
 * refusal is never answered from memory, though: the change that lifts it (an organisation chosen, terms accepted)
 * may have been made a moment ago through another instance, whose notification is still on its way, and a patient
 * whose requests a load balancer spreads over the instances would be refused what they have just done.
 */
export async function loadPatientContext(
  db: Db,
  session: Session | null,
  rule: PatientAccessRule = {},
  cache?: ReadModelCache,
): Promise<PatientContext> {
  if (!session?.patientId) throw new AppError(101);
  const patientId = effectivePatientId(session)!;
  // Without a cache that answers from memory (none, a TTL of 0, the listener down) one statement reads it all.
  if (!cache?.serving()) return patientContext(session, rule, await fromDatabase(db, patientId));
  try {
    return patientContext(session, rule, await fromCache(db, cache, patientId));
  } catch (err) {
    if (!(err instanceof AppError) || (err.code !== 403 && err.code !== 404)) throw err;
    const context = patientContext(session, rule, await fromDatabase(db, patientId));
    // The database allows what memory refused: memory is behind, and the next request should not be refused again.
    cache.invalidateScope(patientScope(patientId), 'local');
    if (context.organisation) cache.invalidateScope(context.organisation.id, 'local');
    return context;
  }
}

/** What the rule is judged on: the patient's choice (undefined: no such patient) and the chosen organisation. */
type Found = { choice: { organisationId: string | null; termsAcceptedAt: Date | null } | undefined; organisation: OrganisationRow | null };

/** Straight from the database: choice and organisation in one statement. */
async function fromDatabase(db: Db, patientId: string): Promise<Found> {
  const row = await findPatientChoiceWithOrganisation(db, patientId);
  if (!row) return { choice: undefined, organisation: null };
  return { choice: { organisationId: row.organisationId, termsAcceptedAt: row.termsAcceptedAt }, organisation: row.organisation };
}

/** From the read-model cache: the choice and the organisation are held apart, since different writes invalidate them. */
async function fromCache(db: Db, cache: ReadModelCache, patientId: string): Promise<Found> {
  const choice = await cache.get('patient-access', patientScope(patientId), '', () => findPatientChoice(db, patientId));
  const organisationId = choice?.organisationId;
  if (!organisationId) return { choice, organisation: null };
  const organisation = await cache.get('organisation', organisationId, '', () => findOrganisation(db, organisationId));
  return { choice, organisation: organisation ?? null };
}

function patientContext(session: Session, rule: PatientAccessRule, { choice, organisation }: Found): PatientContext {
  const patientId = effectivePatientId(session)!;
  if (!choice) throw new AppError(101, { detail: 'session patient is gone' });
  const termsAccepted = organisation !== null && (!organisation.flags.termsAndConditionsEnabled || choice.termsAcceptedAt !== null);
  if (!organisation && rule.organisation === 'required') throw new AppError(404, { detail: 'no organisation selected' });
  if (organisation && rule.flag && !organisation.flags[rule.flag]) throw new AppError(403, { detail: `feature ${rule.flag} is off` });
  if (organisation && rule.terms && !termsAccepted) throw new AppError(403, { detail: 'terms not accepted' });
  return { patientId, signedInPatientId: session.patientId!, actingForPatientId: session.actingForPatientId, organisation, termsAccepted };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An organisation row, frozen: with the cache, one object serves every request of that organisation. */
async function findOrganisation(db: Db, id: string): Promise<OrganisationRow | undefined> {
  // A session names the id it chose; anything else (an old or forged value) is no organisation.
  const row = UUID.test(id) ? await findOrganisationRow(db, id) : undefined;
  if (!row) return undefined;
  Object.freeze(row.flags);
  return Object.freeze(row);
}

/** The same context with the organisation known to be present (routes declared with organisation 'required'). */
export function withOrganisation(ctx: PatientContext): PatientContext & { organisation: OrganisationRow } {
  if (!ctx.organisation) throw new AppError(404, { detail: 'no organisation selected' });
  return ctx as PatientContext & { organisation: OrganisationRow };
}

/** Audit fields of a patient action: the signed-in person acts, on behalf of the principal while acting. */
export function patientActor(ctx: PatientContext, ip: string): Pick<AuditEntry, 'actorType' | 'actorId' | 'onBehalfOf' | 'ip'> {
  return { ...patientAuditActor({ patientId: ctx.signedInPatientId, actingForPatientId: ctx.actingForPatientId }), ip };
}
