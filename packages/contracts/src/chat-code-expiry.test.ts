import { describe, expect, test } from 'vitest';
import { addMonthsClamped, expiryDateForPreset } from './chat-code-expiry';

describe('chat code expiry presets (spec §4)', () => {
  test('each preset gives the last valid day shown beside it', () => {
    const today = '2026-08-31';
    expect(expiryDateForPreset('today', today)).toBe('2026-08-31');
    expect(expiryDateForPreset('endOfYear', today)).toBe('2026-12-31');
    expect(expiryDateForPreset('sixMonthsFromNow', today)).toBe('2027-02-28');
    expect(expiryDateForPreset('oneYearFromNow', today)).toBe('2027-08-31');
    expect(expiryDateForPreset('noExpirationDate', today)).toBeNull();
  });

  test('adding months keeps the day or clamps it to the end of a shorter month', () => {
    expect(addMonthsClamped('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonthsClamped('2023-08-31', 6)).toBe('2024-02-29');
    expect(addMonthsClamped('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonthsClamped('2025-07-15', 6)).toBe('2026-01-15');
    expect(addMonthsClamped('2025-12-31', 1)).toBe('2026-01-31');
  });
});
