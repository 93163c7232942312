import { describe, expect, test } from 'vitest';
import { GUEST_LIMITS } from '@prsp/contracts';
import { afterPinFailure, guestTokenExpiry, pinGate } from './guest-pin';

const NOW = new Date('2026-03-16T10:00:00Z');
const MIN = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MIN);

describe('pinGate', () => {
  test.each([
    ['never locked', null, true],
    ['locked until later', at(1), false],
    ['locked until exactly now', NOW, true],
    ['lockout over', at(-1), true],
  ] as const)('%s', (_name, lockedUntil, allowed) => {
    expect(pinGate(lockedUntil, NOW).allowed).toBe(allowed);
  });
});

describe('afterPinFailure', () => {
  test('the first four wrong PINs count, the fifth locks for 15 minutes and starts the count over', () => {
    let state = { failures: 0, lockedUntil: null as Date | null };
    for (let i = 1; i < GUEST_LIMITS.maxPinFailures; i++) {
      state = afterPinFailure(state, NOW);
      expect(state).toEqual({ failures: i, lockedUntil: null });
      expect(pinGate(state.lockedUntil, NOW).allowed).toBe(true);
    }
    state = afterPinFailure(state, NOW);
    expect(state).toEqual({ failures: 0, lockedUntil: at(GUEST_LIMITS.lockoutMinutes) });
    expect(pinGate(state.lockedUntil, at(14)).allowed).toBe(false);
    expect(pinGate(state.lockedUntil, at(15)).allowed).toBe(true);
  });

  test('after a lockout has run out, the count starts over', () => {
    expect(afterPinFailure({ failures: 3, lockedUntil: at(-1) }, NOW)).toEqual({ failures: 1, lockedUntil: null });
  });

  test.each([0, 1, 2, 3, 4, 7])('from %i earlier failures the next one never leaves more than the limit', (failures) => {
    const next = afterPinFailure({ failures, lockedUntil: null }, NOW);
    expect(next.failures).toBeLessThan(GUEST_LIMITS.maxPinFailures);
    expect(next.lockedUntil === null).toBe(failures + 1 < GUEST_LIMITS.maxPinFailures);
  });
});

test('a guest token outlives the appointment by an hour', () => {
  expect(guestTokenExpiry(at(120))).toEqual(at(180));
});
