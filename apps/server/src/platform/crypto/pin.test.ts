import { describe, expect, test } from 'vitest';
import { GUEST_PIN } from '@prsp/contracts';
import { generatePin } from './pin';

describe('generatePin', () => {
  test('six digits, leading zeros kept, and not one fixed value', () => {
    const pins = Array.from({ length: 2000 }, generatePin);
    for (const pin of pins) expect(pin).toMatch(GUEST_PIN);
    expect(new Set(pins).size).toBeGreaterThan(1900);
    // About one in ten starts with 0: over 2000 draws at least one does (the chance of none is 10^-91).
    expect(pins.some((p) => p.startsWith('0'))).toBe(true);
  });
});
