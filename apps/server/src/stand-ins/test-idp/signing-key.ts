import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/client';
import { findEntry, insertEntryIfAbsent } from './test-idp-entries.repo';

const ENTRY = { model: 'SigningKey', id: 'RS256' };

/**
 * The provider's ID token signing key (a private JWK), the same for every instance and across restarts, so a token
 * one instance signed verifies against the key set any instance serves. Made on first use and kept in
 * `test_idp_entries`: instances starting together each make one, the first write wins and all read the winner's.
 * Stored as it is, like the provider's sessions beside it: this stand-in is refused in production.
 */
export async function loadSigningKey(db: Db): Promise<JWK> {
  const stored = await findEntry(db, ENTRY.model, { id: ENTRY.id }, new Date());
  if (stored) return stored.payload as JWK;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-idp' };
  await insertEntryIfAbsent(db, { ...ENTRY, payload: jwk });
  const winner = await findEntry(db, ENTRY.model, { id: ENTRY.id }, new Date());
  return winner!.payload as JWK;
}
