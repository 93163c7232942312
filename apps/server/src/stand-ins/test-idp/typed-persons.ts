import type { Db } from '../../db/client';
import { findEntry, upsertEntry } from './test-idp-entries.repo';

export type TypedPerson = { givenName: string; familyName: string };

const MODEL = 'TypedPerson';

/**
 * Keeps the names typed on the sign-in page with the code, for `ttlSeconds` (the provider's session's lifetime: while
 * it may sign the person in again without the page). Stored beside the provider's state, so the instance that issues
 * the tokens, maybe not the one that showed the page, can answer with the same names.
 */
export async function rememberTypedPerson(db: Db, ssn: string, person: TypedPerson, ttlSeconds: number): Promise<void> {
  const now = new Date();
  await upsertEntry(db, {
    model: MODEL,
    id: ssn,
    payload: person,
    grantId: null,
    userCode: null,
    uid: null,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
}

export async function findTypedPerson(db: Db, ssn: string): Promise<TypedPerson | undefined> {
  const entry = await findEntry(db, MODEL, { id: ssn }, new Date());
  return entry?.payload as TypedPerson | undefined;
}
