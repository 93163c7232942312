import { describe, expect, test } from 'vitest';
import { endOfLocalDay, localDateAt } from '@prsp/contracts';
import { expiryDateForPreset } from '@prsp/contracts';

describe('chat code expiry presets (spec §4)', () => {
  test('each preset from an ordinary day', () => {
    expect(expiryDateForPreset('today', '2025-07-15')).toBe('2025-07-15');
    expect(expiryDateForPreset('endOfYear', '2025-07-15')).toBe('2025-12-31');
    expect(expiryDateForPreset('sixMonthsFromNow', '2025-07-15')).toBe('2026-01-15');
    expect(expiryDateForPreset('oneYearFromNow', '2025-07-15')).toBe('2026-07-15');
    expect(expiryDateForPreset('noExpirationDate', '2025-07-15')).toBeNull();
  });

  test('around the year end, "today" is Helsinki\'s date', () => {
    // 31 Dec 23:30 in Helsinki is still 2025 there, though UTC is 21:30.
    const lateOnNewYearsEve = localDateAt(new Date('2025-12-31T21:30:00Z'));
    expect(expiryDateForPreset('endOfYear', lateOnNewYearsEve)).toBe('2025-12-31');
    // 1 Jan 00:30 in Helsinki is 2026 already, though UTC still says 31 December.
    const justAfterMidnight = localDateAt(new Date('2025-12-31T22:30:00Z'));
    expect(expiryDateForPreset('endOfYear', justAfterMidnight)).toBe('2026-12-31');
    expect(expiryDateForPreset('today', justAfterMidnight)).toBe('2026-01-01');
  });

  test('months that are shorter clamp to their last day', () => {
    expect(expiryDateForPreset('sixMonthsFromNow', '2025-08-31')).toBe('2026-02-28');
    expect(expiryDateForPreset('oneYearFromNow', '2024-02-29')).toBe('2025-02-28');
  });

  test('an expiry on a changeover day lasts until the next local midnight', () => {
    // Six months from 26 April 2025 is 26 October 2025, the day clocks go back (a 25-hour day).
    const expiry = expiryDateForPreset('sixMonthsFromNow', '2025-04-26')!;
    expect(expiry).toBe('2025-10-26');
    expect(endOfLocalDay(expiry).toISOString()).toBe('2025-10-26T22:00:00.000Z');
    // Six months from 30 September 2024 is 30 March 2025, the day clocks go forward (a 23-hour day).
    const spring = expiryDateForPreset('sixMonthsFromNow', '2024-09-30')!;
    expect(spring).toBe('2025-03-30');
    expect(endOfLocalDay(spring).toISOString()).toBe('2025-03-30T21:00:00.000Z');
  });
});
