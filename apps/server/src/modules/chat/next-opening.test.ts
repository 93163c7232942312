import { describe, expect, test } from 'vitest';
import { ALWAYS_OPEN, type OpeningHours } from '@prsp/contracts';
import { nextOpening } from './opening-hours';

// Helsinki is UTC+2 in winter, UTC+3 in summer; summer time starts on 29 March 2026 (03:00 → 04:00) and ends on
// 25 October 2026 (04:00 → 03:00).
const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;
const hours = (over: Partial<OpeningHours>): OpeningHours => ({ alwaysOpen: false, closed: false, weekly: [], exceptions: [], ...over });
const weekdays = hours({
  weekly: [1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, opens: '08:00', closes: '11:30' },
    { weekday, opens: '12:00', closes: '16:00' },
  ]),
});

describe('nextOpening', () => {
  test('none when always open, switched closed or without any hours', () => {
    expect(nextOpening(ALWAYS_OPEN, at('2026-11-23T10:00:00Z'))).toBeNull();
    expect(nextOpening({ ...weekdays, closed: true }, at('2026-11-23T10:00:00Z'))).toBeNull();
    expect(nextOpening(hours({}), at('2026-11-23T10:00:00Z'))).toBeNull();
  });

  test('later today: before the first range, and over the lunch break', () => {
    // Monday 23 November 2026 07:00 and 11:45 in Helsinki.
    expect(iso(nextOpening(weekdays, at('2026-11-23T05:00:00Z')))).toBe('2026-11-23T06:00:00.000Z');
    expect(iso(nextOpening(weekdays, at('2026-11-23T09:45:00Z')))).toBe('2026-11-23T10:00:00.000Z');
  });

  test('while open, the next start after now (tomorrow morning after the last range)', () => {
    expect(iso(nextOpening(weekdays, at('2026-11-23T12:00:00Z')))).toBe('2026-11-24T06:00:00.000Z'); // Mon 14:00 → Tue 08:00
    // exactly at an opening: that one has begun; the next is after the lunch break
    expect(iso(nextOpening(weekdays, at('2026-11-23T06:00:00Z')))).toBe('2026-11-23T10:00:00.000Z');
  });

  test('the week wraps: Friday evening and the weekend go to Monday', () => {
    expect(iso(nextOpening(weekdays, at('2026-11-27T15:00:00Z')))).toBe('2026-11-30T06:00:00.000Z'); // Fri 17:00
    expect(iso(nextOpening(weekdays, at('2026-11-29T21:59:00Z')))).toBe('2026-11-30T06:00:00.000Z'); // Sun 23:59
    const sundayOnly = hours({ weekly: [{ weekday: 7, opens: '10:00', closes: '12:00' }] });
    expect(iso(nextOpening(sundayOnly, at('2026-11-23T10:00:00Z')))).toBe('2026-11-29T08:00:00.000Z'); // Mon → Sun
  });

  test('the local date decides: Monday 01:30 in Helsinki is still Sunday in UTC', () => {
    expect(iso(nextOpening(weekdays, at('2026-11-22T23:30:00Z')))).toBe('2026-11-23T06:00:00.000Z');
  });

  test('exceptions replace their day: a closed holiday is skipped, special hours are used', () => {
    const withHolidays = {
      ...weekdays,
      exceptions: [
        { date: '2026-12-24', closed: true },
        { date: '2026-12-25', closed: true },
        { date: '2026-12-27', closed: false, opens: '10:00', closes: '12:00' },
      ],
    };
    // Wednesday 23 Dec 17:00 → Thu 24 and Fri 25 closed → Sunday 27 10:00 (an exception opens a Sunday)
    expect(iso(nextOpening(withHolidays, at('2026-12-23T15:00:00Z')))).toBe('2026-12-27T08:00:00.000Z');
  });

  test('daylight saving: the opening keeps its wall-clock time across both changeovers', () => {
    // Saturday 28 March 2026 12:00 (UTC+2) → Monday 30 March 08:00, now UTC+3
    expect(iso(nextOpening(weekdays, at('2026-03-28T10:00:00Z')))).toBe('2026-03-30T05:00:00.000Z');
    // Saturday 24 October 2026 12:00 (UTC+3) → Monday 26 October 08:00, now UTC+2
    expect(iso(nextOpening(weekdays, at('2026-10-24T09:00:00Z')))).toBe('2026-10-26T06:00:00.000Z');
    // On the changeover day itself: a Sunday range at 03:30, a time the clock skips, opens when it jumps (04:00 UTC+3)
    const sundayNight = hours({ weekly: [{ weekday: 7, opens: '03:30', closes: '05:00' }] });
    expect(iso(nextOpening(sundayNight, at('2026-03-28T22:00:00Z')))).toBe('2026-03-29T01:00:00.000Z');
    // … and at 10:00 on the autumn changeover day, after the hour repeats (UTC+2)
    const sundayMorning = hours({ weekly: [{ weekday: 7, opens: '10:00', closes: '12:00' }] });
    expect(iso(nextOpening(sundayMorning, at('2026-10-24T21:00:00Z')))).toBe('2026-10-25T08:00:00.000Z');
  });
});
