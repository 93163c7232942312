import { describe, expect, test } from 'vitest';
import { GUEST_PIN } from '@prsp/contracts';
import { generatePin, hashPin, verifyPin } from './pin';

describe('generatePin', () => {
  test('six digits, leading zeros kept, and not one fixed value', () => {
    const pins = Array.from({ length: 2000 }, generatePin);
    for (const pin of pins) expect(pin).toMatch(GUEST_PIN);
    expect(new Set(pins).size).toBeGreaterThan(1900);
    // About one in ten starts with 0: over 2000 draws at least one does (the chance of none is 10^-91).
    expect(pins.some((p) => p.startsWith('0'))).toBe(true);
  });
});

describe('hashPin and verifyPin', () => {
  test('the hash is argon2id, not the PIN, and only the right PIN matches', async () => {
    const stored = await hashPin('012345');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain('012345');
    expect(await verifyPin(stored, '012345')).toBe(true);
    expect(await verifyPin(stored, '12345')).toBe(false);
    expect(await verifyPin(stored, '012346')).toBe(false);
  });

  test('no hash or a malformed one never matches', async () => {
    expect(await verifyPin(null, '012345')).toBe(false);
    expect(await verifyPin('not-a-hash', '012345')).toBe(false);
  });
});
