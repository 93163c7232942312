import { describe, expect, test } from 'vitest';
import { assertSchedule, currentPeriod } from './schedule';

const at = (iso: string) => new Date(iso);

describe('every N milliseconds', () => {
  const hourly = { everyMs: 3_600_000 };

  test('the period starts on the hour (UTC) and its key is that moment', () => {
    expect(currentPeriod(hourly, at('2026-11-23T01:59:59.999Z'))).toEqual({
      key: '2026-11-23T01:00:00.000Z',
      runAt: at('2026-11-23T01:00:00.000Z'),
    });
    expect(currentPeriod(hourly, at('2026-11-23T02:00:00.000Z')).key).toBe('2026-11-23T02:00:00.000Z');
  });

  test('every moment of one period gives the same key, so instances enqueue one job', () => {
    const keys = new Set([0, 1, 59, 3599].map((s) => currentPeriod(hourly, new Date(Date.UTC(2026, 0, 1, 5) + s * 1000)).key));
    expect(keys.size).toBe(1);
  });

  test('a daylight-saving change does not move hourly periods', () => {
    // 30 March 2025 01:00 UTC: Helsinki clocks jump from 03:00 to 04:00.
    expect(currentPeriod(hourly, at('2025-03-30T00:30:00Z')).key).toBe('2025-03-30T00:00:00.000Z');
    expect(currentPeriod(hourly, at('2025-03-30T01:30:00Z')).key).toBe('2025-03-30T01:00:00.000Z');
  });
});

describe('daily at a local time (Helsinki by default)', () => {
  const nightly = { dailyAt: '02:00' };

  test('from the local time on, the period is today; before it, yesterday', () => {
    // Winter: 02:00 in Helsinki is 00:00 UTC.
    expect(currentPeriod(nightly, at('2026-01-15T00:00:00Z'))).toEqual({ key: '2026-01-15', runAt: at('2026-01-15T00:00:00Z') });
    expect(currentPeriod(nightly, at('2026-01-15T21:59:00Z'))).toEqual({ key: '2026-01-15', runAt: at('2026-01-15T00:00:00Z') });
    expect(currentPeriod(nightly, at('2026-01-14T23:59:59Z'))).toEqual({ key: '2026-01-14', runAt: at('2026-01-14T00:00:00Z') });
  });

  test('summer time moves the UTC moment an hour earlier, not the local one', () => {
    expect(currentPeriod(nightly, at('2026-07-15T12:00:00Z'))).toEqual({ key: '2026-07-15', runAt: at('2026-07-14T23:00:00Z') });
  });

  test('the local date decides, not the UTC date', () => {
    // 23:30 UTC on 14 July is already 02:30 on 15 July in Helsinki.
    expect(currentPeriod(nightly, at('2026-07-14T23:30:00Z')).key).toBe('2026-07-15');
  });

  test('on the changeover days the job runs once, at the local time', () => {
    // Spring (29 March 2026, 23 hours): 02:00 is still winter time, 00:00 UTC.
    expect(currentPeriod(nightly, at('2026-03-29T00:00:00Z')).runAt).toEqual(at('2026-03-29T00:00:00Z'));
    expect(currentPeriod(nightly, at('2026-03-29T20:00:00Z')).key).toBe('2026-03-29');
    expect(currentPeriod(nightly, at('2026-03-29T22:59:59Z')).key).toBe('2026-03-29');
    expect(currentPeriod(nightly, at('2026-03-29T23:00:00Z'))).toEqual({ key: '2026-03-30', runAt: at('2026-03-29T23:00:00Z') });
    // Autumn (25 October 2026, 25 hours).
    expect(currentPeriod(nightly, at('2026-10-24T23:00:00Z'))).toEqual({ key: '2026-10-25', runAt: at('2026-10-24T23:00:00Z') });
    expect(currentPeriod(nightly, at('2026-10-25T23:59:00Z')).key).toBe('2026-10-25');
    expect(currentPeriod(nightly, at('2026-10-26T00:00:00Z')).key).toBe('2026-10-26');
  });

  test('a time the spring changeover skips still gives one run that day', () => {
    // 03:30 does not exist in Helsinki on 29 March 2026 (03:00 → 04:00).
    const p = currentPeriod({ dailyAt: '03:30' }, at('2026-03-29T12:00:00Z'));
    expect(p.key).toBe('2026-03-29');
    expect(p.runAt.getTime()).toBeGreaterThanOrEqual(at('2026-03-29T00:30:00Z').getTime());
    expect(p.runAt.getTime()).toBeLessThanOrEqual(at('2026-03-29T01:30:00Z').getTime());
  });

  test('another time zone', () => {
    expect(currentPeriod({ dailyAt: '09:15', timeZone: 'UTC' }, at('2026-05-05T09:15:00Z')).runAt).toEqual(at('2026-05-05T09:15:00Z'));
    expect(currentPeriod({ dailyAt: '09:15', timeZone: 'UTC' }, at('2026-05-05T09:14:59Z')).key).toBe('2026-05-04');
  });
});

test('a schedule that can never run is refused', () => {
  expect(() => assertSchedule({ everyMs: 3_600_000 })).not.toThrow();
  expect(() => assertSchedule({ dailyAt: '23:59' })).not.toThrow();
  expect(() => assertSchedule({ everyMs: 0 })).toThrow(/everyMs/);
  expect(() => assertSchedule({ everyMs: 1.5e3 + 0.5 })).toThrow(/everyMs/);
  expect(() => assertSchedule({ dailyAt: '24:00' })).toThrow(/HH:MM/);
  expect(() => assertSchedule({ dailyAt: '2:00' })).toThrow(/HH:MM/);
  expect(() => assertSchedule({ dailyAt: '02:00', timeZone: 'Mars/Olympus' })).toThrow(RangeError);
});
