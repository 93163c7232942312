import { ageOn, isValidSsn, normalizeSsn, parseSsn } from '@prsp/contracts';
import { SignJWT } from 'jose';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { sha256 } from '../../platform/crypto/tokens';
import { findPatient, registerPatient } from '../patients/patients.service';
import * as flows from './login-flows.repo';
import type { EndSessionRequest, OidcClient } from './oidc-client';
import { createSession, destroySession, type SessionPolicy } from '../../platform/session/sessions.service';
import { patientAuditActor } from '../../platform/audit/patient-audit';

/** Where the identity provider sends the browser after its logout: the patient app's logout page. */
export const POST_LOGOUT_PATH = '/logout';
/** The session data key of the encrypted ID token, kept for the provider logout (`id_token_hint`). */
const ID_TOKEN_KEY = 'idToken';

/** A sign-in that has not come back from the broker within this time is void. */
export const LOGIN_FLOW_TTL_MS = 10 * 60 * 1000;

export type IdentityDeps = { db: Db; oidc: OidcClient; cipher: FieldCipher; policy: SessionPolicy; tokenKey: Uint8Array };

/** Starts a sign-in at the broker; the returned state goes into a cookie that binds the flow to this browser. */
export async function startLogin(deps: IdentityDeps, uiLocale?: string): Promise<{ redirectTo: string; state: string }> {
  const start = await deps.oidc.start(uiLocale);
  const now = new Date();
  await flows.insertLoginFlow(deps.db, {
    stateHash: sha256(start.state),
    codeVerifier: start.codeVerifier,
    nonce: start.nonce,
    returnTo: '/',
    createdAt: now,
  });
  return { redirectTo: start.url.href, state: start.state };
}

/**
 * Completes a sign-in: the flow must belong to this browser's state cookie, be fresh and unused;
 * the identity code must be valid (else 105). Creates the patient on first visit and a new session.
 */
export async function finishLogin(
  deps: IdentityDeps,
  input: { stateFromCookie: string | undefined; callbackUrl: URL; ip: string; previousSessionId?: string },
): Promise<{ token: string; returnTo: string }> {
  const stateFromUrl = input.callbackUrl.searchParams.get('state');
  if (!input.stateFromCookie || input.stateFromCookie !== stateFromUrl) throw new AppError(101, { detail: 'login state mismatch' });
  const flow = await flows.takeLoginFlow(deps.db, sha256(input.stateFromCookie));
  if (!flow || Date.now() - flow.createdAt.getTime() > LOGIN_FLOW_TTL_MS)
    throw new AppError(101, { detail: 'login flow unknown or expired' });

  const identity = await deps.oidc.finish(input.callbackUrl, {
    state: input.stateFromCookie,
    nonce: flow.nonce,
    codeVerifier: flow.codeVerifier,
    // The person must have identified after this sign-in began (max_age=0).
    requestedAt: flow.createdAt,
  });
  if (!isValidSsn(identity.ssn)) throw new AppError(105, { detail: 'broker returned an invalid identity code' });

  return deps.db.transaction(async (tx) => {
    const now = new Date();
    const patient = await registerPatient(tx, deps.cipher, identity, now);
    if (input.previousSessionId) await destroySession(tx, input.previousSessionId);
    // The ID token is encrypted at rest like identity codes: it names the person, and it is only ever sent back to
    // the provider.
    const { token, session } = await createSession(tx, deps.policy, { patientId: patient.id }, now, {
      [ID_TOKEN_KEY]: deps.cipher.encrypt(identity.idToken),
    });
    await recordAudit(tx, {
      actorType: 'patient',
      actorId: patient.id,
      action: 'patient.login',
      objectType: 'session',
      objectId: session.id,
      ip: input.ip,
    });
    return { token, returnTo: flow.returnTo };
  });
}

/**
 * Ends the session and returns the request the browser sends next to end the identification at the provider too
 * (RP-initiated logout with the session's ID token as `id_token_hint`, in a form body), or null when there is
 * nothing to end.
 */
export async function logout(
  deps: Pick<IdentityDeps, 'db' | 'oidc' | 'cipher'> & { publicUrl: string },
  session: { id: string; patientId: string | null; actingForPatientId: string | null; data: Record<string, unknown> },
  ip: string,
  uiLocale?: string,
): Promise<EndSessionRequest | null> {
  await deps.db.transaction(async (tx) => {
    await destroySession(tx, session.id);
    await recordAudit(tx, {
      // While acting, signing out also ends acting for the principal: both are named.
      ...patientAuditActor(session),
      action: 'patient.logout',
      objectType: 'session',
      objectId: session.id,
      ip,
    });
  });
  const stored = session.data[ID_TOKEN_KEY];
  if (typeof stored !== 'string') return null;
  // Our session is over either way: a provider that cannot be reached now leaves only its own session behind,
  // and the next sign-in asks to identify again (prompt=login) regardless.
  return deps.oidc.endSession(deps.cipher.decrypt(stored), `${deps.publicUrl}${POST_LOGOUT_PATH}`, uiLocale).catch(() => null);
}

/** Token lifetime for the health-assessment connector. */
const STRIPPED_TOKEN_TTL = '15m';

/**
 * The 'stripped token': a short-lived signed token naming the patient by id only,
 * with the age and gender the connector needs, both derived from the identity code.
 */
export async function strippedToken(deps: Pick<IdentityDeps, 'db' | 'cipher' | 'tokenKey'>, patientId: string, now = new Date()) {
  const patient = await findPatient(deps.db, patientId);
  if (!patient) throw new AppError(101, { detail: 'session patient is gone' });
  const facts = parseSsn(normalizeSsn(deps.cipher.decrypt(patient.ssnEncrypted)));
  if (!facts) throw new AppError(105);
  const token = await new SignJWT({ age: ageOn(facts.birthDate, now), gender: facts.gender })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(patient.id)
    .setAudience('health-assessment')
    .setIssuedAt()
    .setExpirationTime(STRIPPED_TOKEN_TTL)
    .sign(deps.tokenKey);
  return { token, age: ageOn(facts.birthDate, now), gender: facts.gender };
}
