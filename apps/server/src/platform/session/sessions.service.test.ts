import { describe, expect, test } from 'vitest';
import { isSessionAlive, type SessionPolicy } from './sessions.service';

const policy: SessionPolicy = { idleSeconds: 30 * 60, absoluteSeconds: 12 * 60 * 60 };
const now = new Date('2025-03-30T00:30:00.000Z');
const IDLE_MS = policy.idleSeconds * 1000;
const HOUR = 60 * 60 * 1000;

/** A session row last seen `idleMs` ago that expires `expiresInMs` from now. */
function row(idleMs: number, expiresInMs: number) {
  return { lastSeenAt: new Date(now.getTime() - idleMs), expiresAt: new Date(now.getTime() + expiresInMs) };
}

describe('isSessionAlive', () => {
  test.each([
    ['just used, hours left', 0, 11 * HOUR, true],
    ['idle 29 minutes', 29 * 60_000, 11 * HOUR, true],
    ['idle one millisecond under the limit', IDLE_MS - 1, 11 * HOUR, true],
    ['idle exactly the limit', IDLE_MS, 11 * HOUR, false],
    ['idle 31 minutes', 31 * 60_000, 11 * HOUR, false],
    ['idle for days', 72 * HOUR, 11 * HOUR, false],
    ['absolute expiry one millisecond ahead', 0, 1, true],
    ['absolute expiry exactly now', 0, 0, false],
    ['absolute expiry passed a second ago, though just used', 0, -1000, false],
    ['both limits passed', 31 * 60_000, -HOUR, false],
  ])('%s: %s', (_name, idleMs, expiresInMs, alive) => {
    expect(isSessionAlive(row(idleMs, expiresInMs), now, policy)).toBe(alive);
  });

  test('the idle limit comes from the policy', () => {
    const short: SessionPolicy = { idleSeconds: 2, absoluteSeconds: 60 };
    expect(isSessionAlive(row(1999, 60_000), now, short)).toBe(true);
    expect(isSessionAlive(row(2000, 60_000), now, short)).toBe(false);
    // The same row under the default policy is far from idle.
    expect(isSessionAlive(row(2000, 60_000), now, policy)).toBe(true);
  });

  test('a last-seen time in the future (clock skew between instances) does not kill the session', () => {
    expect(isSessionAlive(row(-5000, HOUR), now, policy)).toBe(true);
  });

  test('the daylight-saving changeover in Helsinki (03:00 -> 04:00 local) does not shorten the idle limit', () => {
    // 2025-03-30 01:00 UTC is when Helsinki jumps from 03:00 to 04:00; limits count in real time.
    const before = new Date('2025-03-30T00:45:00.000Z');
    const after = new Date('2025-03-30T01:14:00.000Z');
    expect(isSessionAlive({ lastSeenAt: before, expiresAt: new Date(after.getTime() + HOUR) }, after, policy)).toBe(true);
  });
});
