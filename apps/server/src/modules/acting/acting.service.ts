import { normalizeSsn, parseSsn, type Language, type OnBehalfCallbackQuery } from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { randomToken, sha256 } from '../../platform/crypto/tokens';
import { recordPatientAudit } from '../../platform/audit/patient-audit';
import type { Session } from '../../platform/session/sessions.service';
import { findPatient, registerPatient } from '../patients/patients.service';
import { setSelectedOrganisation } from '../patients/patients.service';
import * as repo from './acting.repo';
import { MandatesError, type MandatesClient } from './mandates-client';
import {
  MANDATE_FLOW_TTL_MS,
  OnBehalfRefusal,
  flowUsable,
  mandatesLanguage,
  redirectOutcome,
  splitPersonName,
  statesMatch,
} from './on-behalf-flow';
import { setActingFor } from '../../platform/session/sessions.service';

export type ActingDeps = { db: Db; cipher: FieldCipher; mandates: MandatesClient; redirectUri: string };

type PatientSession = Pick<Session, 'id' | 'patientId' | 'actingForPatientId'> & { patientId: string };

/**
 * Acting on behalf is offered only to a signed-in patient whose selected organisation has it switched on
 * and whose terms they accepted (spec §6: the menu entry 'needs actingEnabled and accepted terms').
 * Terms count as accepted where the organisation has them switched off, as in the patient guard.
 */
async function delegateIfAllowed(deps: ActingDeps, patientId: string): Promise<{ ssn: string; organisationId: string }> {
  const organisation = await repo.findDelegateOrganisation(deps.db, patientId);
  if (!organisation?.actingEnabled) throw new OnBehalfRefusal('notAllowed', 'no organisation or acting is off');
  if (organisation.termsEnabled && !organisation.termsAccepted) throw new OnBehalfRefusal('notAllowed', 'terms not accepted');
  const patient = await findPatient(deps.db, patientId);
  if (!patient) throw new OnBehalfRefusal('failed', 'session patient is gone');
  return { ssn: normalizeSsn(deps.cipher.decrypt(patient.ssnEncrypted)), organisationId: organisation.id };
}

function serviceFailure(err: unknown): never {
  if (err instanceof MandatesError) throw new OnBehalfRefusal('failed', err.message);
  throw err;
}

/**
 * Starts a choice at the mandate service: opens a Web API session for the delegate and stores a flow
 * bound to this session. The returned state goes into a cookie that binds the flow to this browser.
 */
export async function startActing(
  deps: ActingDeps,
  session: PatientSession,
  lang: Language,
  now = new Date(),
): Promise<{ redirectTo: string; state: string }> {
  const delegate = await delegateIfAllowed(deps, session.patientId);
  const mandateSession = await deps.mandates.register(delegate.ssn).catch(serviceFailure);
  const state = randomToken();
  await repo.deleteMandateFlowsBefore(deps.db, new Date(now.getTime() - MANDATE_FLOW_TTL_MS));
  await repo.insertMandateFlow(deps.db, {
    stateHash: sha256(state),
    sessionId: session.id,
    mandateSessionId: mandateSession.sessionId,
    createdAt: now,
  });
  const redirectTo = deps.mandates.authorizeUrl({
    userId: mandateSession.userId,
    redirectUri: deps.redirectUri,
    lang: mandatesLanguage(lang),
    state,
  });
  return { redirectTo, state };
}

/**
 * Completes the choice: the flow must be this browser's (state cookie = state in the URL), this
 * session's, fresh and unused. Then the code is exchanged, the first chosen principal read and its
 * mandate checked at the service; only a valid identity code other than the delegate's own is taken.
 * The principal becomes a patient (names from the mandate service) and the session acts for them.
 * Any refusal leaves everything as it was.
 */
export async function finishActing(
  deps: ActingDeps,
  input: { session: PatientSession; stateFromCookie: string | undefined; query: OnBehalfCallbackQuery; ip: string },
  now = new Date(),
): Promise<{ principalId: string }> {
  const { session, query } = input;
  if (!statesMatch(input.stateFromCookie, query.state)) throw new OnBehalfRefusal('failed', 'state mismatch');
  const flow = await repo.takeMandateFlow(deps.db, sha256(input.stateFromCookie));
  if (!flow || !flowUsable(flow, session.id, now)) throw new OnBehalfRefusal('failed', 'flow unknown, expired or of another session');

  const outcome = redirectOutcome(query);
  if ('refused' in outcome) throw new OnBehalfRefusal(outcome.refused, `mandate service answered ${query.error ?? 'without a code'}`);
  const delegate = await delegateIfAllowed(deps, session.patientId);

  const accessToken = await deps.mandates.exchangeCode(outcome.code, deps.redirectUri).catch(serviceFailure);
  const principals = await deps.mandates.principals(flow.mandateSessionId, accessToken).catch(serviceFailure);
  const chosen = principals[0];
  if (!chosen) throw new OnBehalfRefusal('notAllowed', 'no principal chosen');
  const principalSsn = normalizeSsn(chosen.personId);
  if (!parseSsn(principalSsn)) throw new OnBehalfRefusal('failed', 'mandate service gave an invalid identity code');
  if (principalSsn === delegate.ssn) throw new OnBehalfRefusal('notAllowed', 'a person cannot act on their own behalf');

  const result = await deps.mandates.authorization(flow.mandateSessionId, accessToken, principalSsn).catch(serviceFailure);
  if (result !== 'ALLOWED') throw new OnBehalfRefusal('notAllowed', 'mandate service disallowed');

  return deps.db.transaction(async (tx) => {
    const principal = await registerPatient(tx, deps.cipher, { ssn: principalSsn, ...splitPersonName(chosen.name) });
    await setActingFor(tx, session.id, principal.id);
    // The delegate acts within the organisation they chose: the principal's business is there too.
    await setSelectedOrganisation(tx, principal.id, delegate.organisationId);
    await recordPatientAudit(
      tx,
      { patientId: session.patientId, actingForPatientId: principal.id },
      { action: 'patient.actOnBehalf.start', objectType: 'patient', objectId: principal.id, ip: input.ip },
    );
    return { principalId: principal.id };
  });
}

/** 'Act as myself': the session works on the signed-in patient again. Nothing to do when not acting. */
export async function stopActing(deps: Pick<ActingDeps, 'db'>, session: PatientSession, ip: string): Promise<void> {
  const principalId = session.actingForPatientId;
  if (!principalId) return;
  await deps.db.transaction(async (tx) => {
    await setActingFor(tx, session.id, null);
    await recordPatientAudit(tx, session, { action: 'patient.actOnBehalf.end', objectType: 'patient', objectId: principalId, ip });
  });
}
