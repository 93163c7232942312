import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

/**
 * Staff passwords are stored as argon2id PHC strings. The library's defaults are argon2id with
 * 19 MiB, 2 passes, 1 lane: OWASP's minimum recommendation, and about 20–40 ms per check here.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** True when `password` matches the stored hash; a malformed hash counts as no match. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real check when there is nothing to check against (unknown user, no password,
 * locked account), so the answer's timing does not tell whether the account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(randomBytes(24).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
