import { describe, expect, test } from 'vitest';
import { addMonthsClamped, chatCodeDateErrors, localToday, presetExpiryDate } from './expiry-presets';

describe('chat code expiry presets (spec §4)', () => {
  test('today is the Helsinki date, which changes at Helsinki midnight', () => {
    expect(localToday(new Date('2025-12-31T21:59:59Z'))).toBe('2025-12-31');
    expect(localToday(new Date('2025-12-31T22:00:00Z'))).toBe('2026-01-01');
    expect(localToday(new Date('2025-06-30T20:59:59Z'))).toBe('2025-06-30');
    expect(localToday(new Date('2025-06-30T21:00:00Z'))).toBe('2025-07-01');
  });

  test('each preset gives the last valid day shown beside it', () => {
    const today = '2026-08-31';
    expect(presetExpiryDate('today', today)).toBe('2026-08-31');
    expect(presetExpiryDate('endOfYear', today)).toBe('2026-12-31');
    expect(presetExpiryDate('sixMonthsFromNow', today)).toBe('2027-02-28');
    expect(presetExpiryDate('oneYearFromNow', today)).toBe('2027-08-31');
    expect(presetExpiryDate('noExpirationDate', today)).toBeNull();
  });

  test('adding months keeps the day or clamps it to the end of a shorter month', () => {
    expect(addMonthsClamped('2023-08-31', 6)).toBe('2024-02-29');
    expect(addMonthsClamped('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonthsClamped('2025-07-15', 6)).toBe('2026-01-15');
    expect(addMonthsClamped('2025-12-31', 1)).toBe('2026-01-31');
  });

  test('start and expiry dates: correct dates, no past dates, expiry not before start (spec §5)', () => {
    const today = '2026-05-10';
    expect(chatCodeDateErrors({ startDate: '2026-05-10', choice: 'endOfYear', expiryDate: '' }, today)).toEqual({});
    expect(chatCodeDateErrors({ startDate: '2026-05-09', choice: 'endOfYear', expiryDate: '' }, today)).toEqual({ startDate: 'pastDate' });
    expect(chatCodeDateErrors({ startDate: '10.5.2026', choice: 'today', expiryDate: '' }, today)).toEqual({ startDate: 'date' });
    expect(chatCodeDateErrors({ startDate: '2026-05-10', choice: 'date', expiryDate: '' }, today)).toEqual({ expiryDate: 'required' });
    expect(chatCodeDateErrors({ startDate: '2026-05-10', choice: 'date', expiryDate: '2026-05-01' }, today)).toEqual({
      expiryDate: 'pastDate',
    });
    expect(chatCodeDateErrors({ startDate: '2026-06-01', choice: 'date', expiryDate: '2026-05-20' }, today)).toEqual({
      expiryDate: 'expiryBeforeStart',
    });
    expect(chatCodeDateErrors({ startDate: '2026-06-01', choice: 'date', expiryDate: '2026-06-01' }, today)).toEqual({});
  });
});
