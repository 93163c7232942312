import type { Db, Tx } from '../../db/client';
import type { ReadModelCache, Scope } from '../cache/read-model-cache';
import { randomToken, sha256 } from '../crypto/tokens';
import * as repo from './sessions.repo';

export type SessionPolicy = { idleSeconds: number; absoluteSeconds: number };

export type Session = {
  id: string;
  /** The patient who signed in. */
  patientId: string | null;
  /** The person that patient acts for, when acting on someone's behalf. */
  actingForPatientId: string | null;
  staffUserId: string | null;
  appRole: 'admin' | 'expert' | null;
  /** The organisation a staff member works in now. */
  organisationId: string | null;
  data: Record<string, unknown>;
  expiresAt: Date;
};

/** Who a new session belongs to: a patient, or a member of staff in one app. */
export type SessionSubject = { patientId: string } | { staffUserId: string; appRole: 'admin' | 'expert'; organisationId?: string | null };

/** The patient whose data a session works on: the principal while acting on behalf, else the signed-in patient. */
export function effectivePatientId(session: Pick<Session, 'patientId' | 'actingForPatientId'>): string | null {
  return session.actingForPatientId ?? session.patientId;
}

// Writing last_seen_at on every request would turn each read into a write; a minute of slack
// against a 30-minute idle limit is immaterial. A shorter idle limit touches at a quarter of it,
// else a session in constant use would still die when the limit passes.
const TOUCH_EVERY_MS = 60_000;

function touchEveryMs(policy: SessionPolicy): number {
  return Math.min(TOUCH_EVERY_MS, (policy.idleSeconds * 1000) / 4);
}

/** Whether a session row is still usable at `now` under the idle and absolute limits. */
export function isSessionAlive(row: Pick<repo.SessionRow, 'lastSeenAt' | 'expiresAt'>, now: Date, policy: SessionPolicy): boolean {
  return row.expiresAt.getTime() > now.getTime() && now.getTime() - row.lastSeenAt.getTime() < policy.idleSeconds * 1000;
}

/** Starts a session with a fresh token; the caller puts the token in the cookie. */
export async function createSession(
  tx: Tx,
  policy: SessionPolicy,
  subject: SessionSubject,
  now = new Date(),
  data?: Session['data'],
): Promise<{ token: string; session: Session }> {
  const token = randomToken();
  const row = await repo.insertSession(tx, {
    tokenHash: sha256(token),
    ...subject,
    ...(data ? { data } : {}),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + policy.absoluteSeconds * 1000),
  });
  return { token, session: toSession(row) };
}

/** The cache scope of a session row: what the sessions table's trigger notifies when the row changes or goes (0013). */
export function sessionScope(tokenHash: string): Scope {
  return `session:${tokenHash}`;
}

/**
 * The live session a cookie token names, or undefined; an expired row is deleted on the way. With `cache`, the row
 * comes from memory while it is fresh (every change but the touch notifies every instance, see 0013); a copy that
 * looks idle or due a touch is read again from the database first, since another instance may have touched the row.
 */
export async function resolveSession(
  db: Db,
  policy: SessionPolicy,
  token: string,
  now = new Date(),
  cache?: ReadModelCache,
): Promise<Session | undefined> {
  const tokenHash = sha256(token);
  const scope = sessionScope(tokenHash);
  const find = () => repo.findSessionByTokenHash(db, tokenHash);
  let row: repo.SessionRow | undefined;
  if (cache) {
    let readNow: repo.SessionRow | undefined;
    const cached = await cache.get('session', scope, '', async () => (readNow = await find()));
    if (!cached) return undefined;
    if (isSessionAlive(cached, now, policy) && !isTouchDue(cached, now, policy)) return toSession(cached);
    // The touch does not notify, so a copy from memory may be behind: idle and expiry are judged on the row as it is
    // now (the one this call just read, else read again).
    cache.invalidateScope(scope, 'local');
    row = cached === readNow ? cached : await find();
  } else row = await find();
  if (!row) return undefined;
  if (!isSessionAlive(row, now, policy)) {
    await repo.deleteSession(db, row.id);
    return undefined;
  }
  if (isTouchDue(row, now, policy)) await repo.touchSession(db, row.id, now);
  return toSession(row);
}

/**
 * The live session a token names when the read-model cache holds it and it needs no touch yet: no database and no
 * promise, the path of nearly every request. Undefined: ask `resolveSession`, which judges it (and touches, expires or
 * reads it afresh) as ever.
 */
export function heldSession(policy: SessionPolicy, token: string, now: Date, cache: ReadModelCache): Session | undefined {
  const row = cache.peek<repo.SessionRow>('session', sessionScope(sha256(token)), '');
  return row && isSessionAlive(row, now, policy) && !isTouchDue(row, now, policy) ? toSession(row) : undefined;
}

function isTouchDue(row: Pick<repo.SessionRow, 'lastSeenAt'>, now: Date, policy: SessionPolicy): boolean {
  return now.getTime() - row.lastSeenAt.getTime() > touchEveryMs(policy);
}

export const destroySession = repo.deleteSession;
export const saveSessionData = repo.updateSessionData;

/** Housekeeping: deletes every session that can no longer be used. */
export function purgeExpiredSessions(tx: Tx, policy: SessionPolicy, now = new Date()): Promise<number> {
  return repo.deleteExpiredSessions(tx, now, new Date(now.getTime() - policy.idleSeconds * 1000));
}

function toSession(row: repo.SessionRow): Session {
  const { id, patientId, actingForPatientId, staffUserId, appRole, organisationId, data, expiresAt } = row;
  return { id, patientId, actingForPatientId, staffUserId, appRole, organisationId, data, expiresAt };
}

// What modules change in sessions (acting for someone, the staff's organisation, ended places), kept with the table.
export { deleteExpertSessions, deleteStaffSessions, setActingFor, setSessionOrganisation } from './sessions.repo';
