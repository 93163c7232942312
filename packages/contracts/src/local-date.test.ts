import { describe, expect, test } from 'vitest';
import {
  addDays,
  atLocalTime,
  canonicalTimeZone,
  dayCount,
  endOfLocalDay,
  endOfYear,
  formatInstant,
  formatLocalDate,
  isLocalDate,
  isoWeekday,
  localDateAt,
  localDateTimeAt,
  startOfLocalDay,
} from './local-date';

describe('local dates in Europe/Helsinki', () => {
  test('the date changes at Helsinki midnight, not at UTC midnight', () => {
    expect(localDateAt(new Date('2025-12-31T21:59:59Z'))).toBe('2025-12-31');
    expect(localDateAt(new Date('2025-12-31T22:00:00Z'))).toBe('2026-01-01');
    expect(localDateAt(new Date('2025-06-30T20:59:59Z'))).toBe('2025-06-30');
    expect(localDateAt(new Date('2025-06-30T21:00:00Z'))).toBe('2025-07-01');
    // Epoch milliseconds too (the web's moments); 22:30 UTC on 9 March is already 10 March (UTC+2).
    expect(localDateAt(Date.UTC(2026, 2, 9, 22, 30))).toBe('2026-03-10');
    expect(localDateAt(Date.UTC(2026, 2, 9, 21, 59))).toBe('2026-03-09');
    expect(localDateAt(Date.parse('2026-05-04T21:30:00Z'))).toBe('2026-05-05');
    expect(localDateAt(Date.parse('2026-05-04T21:30:00Z'), 'UTC')).toBe('2026-05-04');
  });

  test('asked again within one second (the answer is remembered per zone for its second), the clock still moves on at the next', () => {
    // 2026-03-29 00:59:59.000 and .999 UTC are 02:59:59 in Helsinki; the next millisecond is 04:00:00 (the changeover).
    const before = Date.parse('2026-03-29T00:59:59.000Z');
    expect(localDateTimeAt(before)).toEqual({ date: '2026-03-29', time: '02:59' });
    expect(localDateTimeAt(before + 999)).toEqual({ date: '2026-03-29', time: '02:59' });
    expect(localDateTimeAt(before + 1000)).toEqual({ date: '2026-03-29', time: '04:00' });
    expect(localDateTimeAt(new Date(before + 1500))).toEqual({ date: '2026-03-29', time: '04:00' });
    // The same second in another zone is answered for that zone.
    expect(localDateTimeAt(before + 1500, 'UTC')).toEqual({ date: '2026-03-29', time: '01:00' });
    expect(localDateTimeAt(before + 999)).toEqual({ date: '2026-03-29', time: '02:59' });
    // Before 1970 too: -0.5 s is 23:59:59.5 on 31 December 1969 UTC, 01:59 in Helsinki (UTC+2).
    expect(localDateTimeAt(-500)).toEqual({ date: '1970-01-01', time: '01:59' });
    expect(localDateTimeAt(-500, 'UTC')).toEqual({ date: '1969-12-31', time: '23:59' });
  });

  test('the wall-clock date and time of an instant, across both changeovers', () => {
    expect(localDateTimeAt(Date.parse('2026-03-29T00:59:00Z'))).toEqual({ date: '2026-03-29', time: '02:59' });
    expect(localDateTimeAt(Date.parse('2026-03-29T01:00:00Z'))).toEqual({ date: '2026-03-29', time: '04:00' });
    // 25 October 2026: 03:30 is shown twice, once in summer time and once in winter time.
    expect(localDateTimeAt(new Date('2026-10-25T00:30:00Z'))).toEqual({ date: '2026-10-25', time: '03:30' });
    expect(localDateTimeAt(new Date('2026-10-25T01:30:00Z'))).toEqual({ date: '2026-10-25', time: '03:30' });
    expect(localDateTimeAt(new Date('2026-11-22T23:30:00Z'))).toEqual({ date: '2026-11-23', time: '01:30' });
    expect(localDateTimeAt(new Date('2026-01-15T23:00:00Z'))).toEqual({ date: '2026-01-16', time: '01:00' });
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

  test('calendar arithmetic, across months, years and the daylight-saving changes', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29'); // the spring change
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', -1)).toBe('2026-10-24'); // the autumn change
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(endOfYear('2026-05-05')).toBe('2026-12-31');
    expect(dayCount('2026-05-05', '2026-05-05')).toBe(1);
    expect(dayCount('2026-03-28', '2026-03-30')).toBe(3);
    expect(dayCount('2026-01-01', '2026-12-31')).toBe(365);
    expect(dayCount('2026-05-06', '2026-05-05')).toBe(0);
    expect(() => addDays('5.5.2026', 1)).toThrow('not a local date');
  });

  test('the ISO weekday is the date’s own', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeekday('2026-03-29')).toBe(7);
  });

  test('only real calendar dates are dates', () => {
    expect(isLocalDate('2024-02-29')).toBe(true);
    expect(isLocalDate('2025-02-29')).toBe(false);
    expect(isLocalDate('2025-13-01')).toBe(false);
    expect(isLocalDate('2025-1-01')).toBe(false);
    expect(isLocalDate('2028-02-29')).toBe(true);
    expect(isLocalDate('')).toBe(false);
    expect(isLocalDate(null)).toBe(false);
    expect(isLocalDate(undefined)).toBe(false);
  });

  test('time zone names in their canonical spelling; unknown ones throw', () => {
    expect(canonicalTimeZone('europe/helsinki')).toBe('Europe/Helsinki');
    expect(() => canonicalTimeZone('Mars/Olympus')).toThrow(RangeError);
  });
});

describe('the one formatter of dates and times', () => {
  // 2026-03-29 is the spring change in Finland: 00:30 UTC is 02:30 EET, 01:30 UTC is 04:30 EEST.
  const beforeChange = Date.UTC(2026, 2, 29, 0, 30);
  const afterChange = new Date('2026-03-29T01:30:00.000Z');

  test('times in Helsinki, across a daylight-saving change, or in the zone asked for', () => {
    expect(formatInstant(beforeChange, 'fi', 'time')).toBe('02.30');
    expect(formatInstant(afterChange, 'fi', 'time')).toBe('04.30');
    expect(formatInstant(afterChange, 'se', 'time')).toBe('04.30');
    expect(formatInstant(afterChange, 'en', 'time')).toBe('04:30');
    expect(formatInstant(afterChange, 'en', 'time', 'UTC')).toBe('01:30');
    expect(formatInstant(new Date('2026-03-15T22:05:00Z'), 'en', 'time')).toBe('00:05');
  });

  test('lists, the patient’s appointment with its weekday, and inboxes with seconds', () => {
    expect(formatInstant(afterChange, 'fi')).toBe('29.3.2026 klo 04.30');
    expect(formatInstant(afterChange, 'fi', 'short', 'UTC')).toBe('29.3.2026 klo 01.30');
    expect(formatInstant(afterChange, 'fi', 'weekday')).toBe('su 29.3.2026 klo 04.30');
    expect(formatInstant(new Date('2026-03-29T01:30:09Z'), 'fi', 'seconds')).toBe('29.3.2026 klo 04.30.09');
  });

  test('one time format: every style writes the time as the time style does, 00.30 and never 0.30', () => {
    const halfPastMidnight = new Date('2026-11-29T22:30:00Z');
    for (const lang of ['fi', 'se', 'en'] as const) {
      const time = formatInstant(halfPastMidnight, lang, 'time');
      for (const style of ['short', 'weekday'] as const)
        expect(formatInstant(halfPastMidnight, lang, style)).toMatch(new RegExp(`${time}$`));
    }
    expect(formatInstant(halfPastMidnight, 'fi')).toBe('30.11.2026 klo 00.30');
  });

  test('the e-mails’ date: weekday, day, month and year, no commas', () => {
    const monday = new Date('2026-03-16T08:00:00Z');
    expect(formatInstant(monday, 'fi', 'long')).toBe('maanantaina 16.3.2026');
    expect(formatInstant(monday, 'se', 'long')).toBe('måndag 16.3.2026');
    expect(formatInstant(monday, 'en', 'long')).toBe('Monday 16 March 2026');
    // 23:30 UTC on Sunday is already Monday in Helsinki.
    expect(formatInstant(new Date('2026-03-15T23:30:00Z'), 'en', 'long')).toBe('Monday 16 March 2026');
  });

  test('a calendar date is never moved by a zone', () => {
    expect(formatLocalDate('2026-12-31', 'fi')).toBe('31.12.2026');
    expect(formatLocalDate('2026-12-31', 'en')).toBe('31 Dec 2026');
    expect(formatLocalDate('2026-05-05', 'fi', 'heading')).toBe('tiistai 5.5.2026');
    expect(formatLocalDate('2026-05-05', 'se', 'heading')).toBe('tisdag 5.5.2026');
    expect(formatLocalDate('2026-05-05', 'en', 'heading')).toBe('Tuesday 05/05/2026');
  });
});
