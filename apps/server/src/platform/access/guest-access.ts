import { createHash, randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../app-error';
import { findLiveGuestSession, insertGuestSession } from './access.repo';

/** A guest signed in to one group appointment (spec §6 'Guest'): they see and start only that one. */
export type GuestContext = { participantId: string; appointmentId: string; name: string };

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** The bearer token of `Authorization: Bearer …`, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer ([A-Za-z0-9_-]{20,200})$/);
  return match ? match[1]! : null;
}

/**
 * Issues a guest token bound to one participant of one appointment; only its hash is stored. Guest sign-in
 * (e-mail and PIN) calls this; tests call it to act as a guest.
 */
export async function issueGuestToken(tx: Tx, participantId: string, appointmentId: string, expiresAt: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertGuestSession(tx, { tokenHash: sha256(token), participantId, appointmentId, expiresAt });
  return token;
}

/** The guest a live token names (101 otherwise): HTTP routes and socket events both call this. */
export async function loadGuestContext(db: Db, token: string | null, now = new Date()): Promise<GuestContext> {
  if (!token) throw new AppError(101);
  const row = await findLiveGuestSession(db, sha256(token), now);
  if (!row) throw new AppError(101);
  return row;
}
