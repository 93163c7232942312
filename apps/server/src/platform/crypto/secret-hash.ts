import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Secrets people type (staff passwords, guests' PINs) are stored as argon2id PHC strings. The library's defaults are
 * argon2id with 19 MiB, 2 passes, 1 lane: OWASP's minimum recommendation, and about 20–40 ms per check here.
 */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret);
}

/**
 * True when `secret` matches the stored hash. No hash at all (an account without a password, a guest without a PIN)
 * spends a real check's time all the same; a malformed hash counts as no match, not a crash.
 */
export async function verifySecret(stored: string | null, secret: string): Promise<boolean> {
  if (!stored) return verifyAgainstDummy(secret);
  try {
    return await verify(stored, secret);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real check when there is nothing to check against (an unknown account or e-mail, a locked
 * account), so the answer's timing does not tell whether the account exists or the e-mail is invited.
 */
export async function verifyAgainstDummy(secret: string): Promise<false> {
  dummyHash ??= hash(randomBytes(24).toString('base64url'));
  try {
    await verify(await dummyHash, secret);
  } catch {
    // Nothing: the time is what counts.
  }
  return false;
}
