import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { GUEST_LIMITS } from '@prsp/contracts';

/**
 * A guest's PIN (spec §9: 6 digits): drawn uniformly from 000000–999999 with the CSPRNG, leading zeros kept. The
 * clear PIN exists only in the invitation (e-mail and SMS outbox rows) and in memory while it is written there; the
 * participant row holds its argon2id hash. It is never logged.
 */
export function generatePin(): string {
  return randomInt(0, 10 ** GUEST_LIMITS.pinLength)
    .toString()
    .padStart(GUEST_LIMITS.pinLength, '0');
}

/** The PIN's argon2id PHC string (the library's defaults, as staff passwords use). */
export function hashPin(pin: string): Promise<string> {
  return hash(pin);
}

/** True when `pin` matches the stored hash; a missing or malformed hash counts as no match. */
export async function verifyPin(pinHash: string | null, pin: string): Promise<boolean> {
  if (!pinHash) return verifyAgainstDummyPin(pin);
  try {
    return await verify(pinHash, pin);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * One real check's time when there is nothing to check against (unknown e-mail, a guest without a PIN), so the
 * answer's timing does not tell whether the e-mail is invited.
 */
export async function verifyAgainstDummyPin(pin: string): Promise<false> {
  dummyHash ??= hash(generatePin() + generatePin());
  try {
    await verify(await dummyHash, pin);
  } catch {
    // Nothing: the time is what counts.
  }
  return false;
}
