import { GUEST_LIMITS } from '@prsp/contracts';

/** The guest sign-in's rules around its PIN (spec §9): lockout after repeated failures, and the token's lifetime. */

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
