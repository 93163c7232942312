import { createHash } from 'node:crypto';
import { LOGIN_LOCKOUT_MINUTES, LOGIN_MAX_FAILURES, type StaffUserStatus } from '@prsp/contracts';

/** True while a run of wrong passwords keeps the account shut. */
export function isLockedOut(lockedUntil: Date | null, now: Date): boolean {
  return lockedUntil !== null && lockedUntil.getTime() > now.getTime();
}

/**
 * After a wrong password: the account shuts for 15 minutes when this was the fifth in a row.
 * Returns when it opens again, or null while the count is below the limit.
 */
export function lockoutAfterFailure(consecutiveFailures: number, now: Date): Date | null {
  return consecutiveFailures >= LOGIN_MAX_FAILURES ? new Date(now.getTime() + LOGIN_LOCKOUT_MINUTES * 60_000) : null;
}

/**
 * Spec §4 'User statuses'. A deactivated account reads 'inactive' whether or not it has a password,
 * because that is what stops it; otherwise an account without a password is waiting for registration.
 */
export function staffStatus(user: { passwordHash: string | null; active: boolean }): StaffUserStatus {
  if (!user.active) return 'inactive';
  return user.passwordHash === null ? 'noPassword' : 'active';
}

/** The organisation a fresh session starts in: chosen for the user only when there is exactly one to choose. */
export function initialOrganisation(organisationIds: readonly string[]): string | null {
  return organisationIds.length === 1 ? organisationIds[0]! : null;
}

/**
 * The key a typed sign-in identifier is throttled under when it belongs to no account: a SHA-256 of the
 * normalised (trimmed, lower-cased) text, so the table never holds what was typed (it may be a password).
 */
export function identifierKey(username: string): string {
  return createHash('sha256').update(`staff-login:${username.trim().toLowerCase()}`).digest('hex');
}

/**
 * Which failures count towards the lockout. A wrong password counts, and so does any password for an account
 * without one or for an identifier without an account: these must lock exactly like a real account, or five
 * tries would tell which e-mail addresses have an account. Failures after the right password (locked by an
 * admin, no role in this app) do not count: whoever typed it knows the password.
 */
export function countsTowardsLockout(reason: 'unknownUser' | 'noPassword' | 'lockedOut' | 'wrongPassword' | 'locked' | 'noRole'): boolean {
  return reason === 'wrongPassword' || reason === 'noPassword' || reason === 'unknownUser';
}
