import { describe, expect, test } from 'vitest';
import { addDays, atLocalTime, endOfLocalDay, isLocalDate, localDateAt, startOfLocalDay } from './local-date';

describe('local dates in Europe/Helsinki', () => {
  test('the date changes at Helsinki midnight, not at UTC midnight', () => {
    expect(localDateAt(new Date('2025-12-31T21:59:59Z'))).toBe('2025-12-31');
    expect(localDateAt(new Date('2025-12-31T22:00:00Z'))).toBe('2026-01-01');
    expect(localDateAt(new Date('2025-06-30T20:59:59Z'))).toBe('2025-06-30');
    expect(localDateAt(new Date('2025-06-30T21:00:00Z'))).toBe('2025-07-01');
  });

  test('midnight is UTC+2 in winter and UTC+3 in summer', () => {
    expect(startOfLocalDay('2025-01-15').toISOString()).toBe('2025-01-14T22:00:00.000Z');
    expect(startOfLocalDay('2025-07-15').toISOString()).toBe('2025-07-14T21:00:00.000Z');
  });

  test('the spring changeover day (30 March 2025) has 23 hours', () => {
    expect(startOfLocalDay('2025-03-30').toISOString()).toBe('2025-03-29T22:00:00.000Z');
    expect(endOfLocalDay('2025-03-30').toISOString()).toBe('2025-03-30T21:00:00.000Z');
    expect(startOfLocalDay('2025-03-31').toISOString()).toBe('2025-03-30T21:00:00.000Z');
  });

  test('the autumn changeover day (26 October 2025) has 25 hours', () => {
    expect(startOfLocalDay('2025-10-26').toISOString()).toBe('2025-10-25T21:00:00.000Z');
    expect(endOfLocalDay('2025-10-26').toISOString()).toBe('2025-10-26T22:00:00.000Z');
  });

  test('a wall-clock time of a day is the instant Helsinki clocks show it', () => {
    expect(atLocalTime('2026-01-15', 2, 0).toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(atLocalTime('2026-07-15', 2, 30).toISOString()).toBe('2026-07-14T23:30:00.000Z');
    // The spring changeover day: before 03:00 winter time, after it summer time.
    expect(atLocalTime('2025-03-30', 2, 0).toISOString()).toBe('2025-03-30T00:00:00.000Z');
    expect(atLocalTime('2025-03-30', 5, 0).toISOString()).toBe('2025-03-30T02:00:00.000Z');
    expect(atLocalTime('2026-05-05', 9, 15, 'UTC').toISOString()).toBe('2026-05-05T09:15:00.000Z');
  });

  test('calendar arithmetic', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  test('only real calendar dates are dates', () => {
    expect(isLocalDate('2024-02-29')).toBe(true);
    expect(isLocalDate('2025-02-29')).toBe(false);
    expect(isLocalDate('2025-13-01')).toBe(false);
    expect(isLocalDate('2025-1-01')).toBe(false);
  });
});
