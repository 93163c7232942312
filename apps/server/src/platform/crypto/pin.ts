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

export type PinGate = { allowed: true } | { allowed: false; until: Date };

/**
 * Whether a guest may try a PIN now: refused while `lockedUntil` is in the future. The lockout is decided by
 * `afterPinFailure`; once its time has passed the guest may try again (and the count starts over then).
 */
export function pinGate(lockedUntil: Date | null, now: Date): PinGate {
  return lockedUntil !== null && lockedUntil.getTime() > now.getTime() ? { allowed: false, until: lockedUntil } : { allowed: true };
}

/**
 * The counters after one more wrong PIN. A lockout that has run out starts the count over; the fifth wrong PIN in
 * a row shuts sign-in for 15 minutes (GUEST_LIMITS) and the count starts over after it.
 */
export function afterPinFailure(
  state: { failures: number; lockedUntil: Date | null },
  now: Date,
): { failures: number; lockedUntil: Date | null } {
  const expired = state.lockedUntil !== null && state.lockedUntil.getTime() <= now.getTime();
  const failures = (expired ? 0 : state.failures) + 1;
  if (failures >= GUEST_LIMITS.maxPinFailures)
    return { failures: 0, lockedUntil: new Date(now.getTime() + GUEST_LIMITS.lockoutMinutes * 60_000) };
  return { failures, lockedUntil: expired ? null : state.lockedUntil };
}

/** How long a guest token lives after the appointment's end: time to give feedback and read the thank-you page. */
export const GUEST_TOKEN_MARGIN_MS = 60 * 60_000;

/** When a guest token issued for an appointment ending at `endsAt` expires. */
export function guestTokenExpiry(endsAt: Date): Date {
  return new Date(endsAt.getTime() + GUEST_TOKEN_MARGIN_MS);
}
