import { describe, expect, test } from 'vitest';
import { countsTowardsLockout, identifierKey, initialOrganisation, isLockedOut, lockoutAfterFailure, staffStatus } from './login-rules';

const now = new Date('2026-01-15T10:00:00Z');

describe('lockout', () => {
  test('the fifth wrong password in a row shuts the account for exactly 15 minutes', () => {
    for (const n of [1, 2, 3, 4]) expect(lockoutAfterFailure(n, now)).toBeNull();
    expect(lockoutAfterFailure(5, now)?.toISOString()).toBe('2026-01-15T10:15:00.000Z');
  });

  test('locked out until the moment passes', () => {
    const until = new Date('2026-01-15T10:15:00Z');
    expect(isLockedOut(until, now)).toBe(true);
    expect(isLockedOut(until, until)).toBe(false);
    expect(isLockedOut(null, now)).toBe(false);
  });
});

describe('lockout by identifier (the answer must not tell whether an account exists)', () => {
  test('wrong passwords, accounts without a password and identifiers without an account all count', () => {
    expect(countsTowardsLockout('wrongPassword')).toBe(true);
    expect(countsTowardsLockout('noPassword')).toBe(true);
    expect(countsTowardsLockout('unknownUser')).toBe(true);
  });

  test('failures after the right password do not count', () => {
    expect(countsTowardsLockout('locked')).toBe(false);
    expect(countsTowardsLockout('noRole')).toBe(false);
    expect(countsTowardsLockout('lockedOut')).toBe(false);
  });

  test('the identifier key is a hash of the normalised text, never the text', () => {
    const key = identifierKey(' Nobody@Example.FI ');
    expect(key).toBe(identifierKey('nobody@example.fi'));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toBe(identifierKey('somebody@example.fi'));
  });
});

describe('staffStatus (spec §4 User statuses)', () => {
  test('inactive wins; else no password set, else active', () => {
    expect(staffStatus({ passwordHash: null, active: true })).toBe('noPassword');
    expect(staffStatus({ passwordHash: '$argon2id$x', active: true })).toBe('active');
    expect(staffStatus({ passwordHash: '$argon2id$x', active: false })).toBe('inactive');
    expect(staffStatus({ passwordHash: null, active: false })).toBe('inactive');
  });
});

describe('initialOrganisation', () => {
  test('chosen only when there is exactly one', () => {
    expect(initialOrganisation([])).toBeNull();
    expect(initialOrganisation(['a'])).toBe('a');
    expect(initialOrganisation(['a', 'b'])).toBeNull();
  });
});
