import { describe, expect, test } from 'vitest';
import { ALWAYS_OPEN, type OpeningHours } from '@prsp/contracts';
import { hoursOnDay, isQueueOpen, localClock } from './opening-hours';

const weekdays: OpeningHours = {
  alwaysOpen: false,
  closed: false,
  weekly: [1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, opens: '08:00', closes: '11:30' },
    { weekday, opens: '12:00', closes: '16:00' },
  ]),
  exceptions: [
    { date: '2026-12-24', closed: true },
    { date: '2026-12-27', closed: false, opens: '10:00', closes: '12:00' },
  ],
};
// Helsinki is UTC+2 in winter, UTC+3 in summer.
const at = (iso: string) => new Date(iso);

describe('queue opening hours (Europe/Helsinki)', () => {
  test('always open unless switched closed', () => {
    expect(isQueueOpen(ALWAYS_OPEN, at('2026-11-22T03:00:00Z'))).toBe(true);
    expect(isQueueOpen({ ...ALWAYS_OPEN, closed: true }, at('2026-11-23T10:00:00Z'))).toBe(false);
  });

  test('weekday ranges open at opens and close at closes, with a lunch break between', () => {
    // Monday 23 November 2026.
    expect(isQueueOpen(weekdays, at('2026-11-23T05:59:00Z'))).toBe(false); // 07:59
    expect(isQueueOpen(weekdays, at('2026-11-23T06:00:00Z'))).toBe(true); // 08:00
    expect(isQueueOpen(weekdays, at('2026-11-23T09:30:00Z'))).toBe(false); // 11:30 lunch
    expect(isQueueOpen(weekdays, at('2026-11-23T10:00:00Z'))).toBe(true); // 12:00
    expect(isQueueOpen(weekdays, at('2026-11-23T13:59:00Z'))).toBe(true); // 15:59
    expect(isQueueOpen(weekdays, at('2026-11-23T14:00:00Z'))).toBe(false); // 16:00
  });

  test('the weekend is closed when no range names it', () => {
    expect(isQueueOpen(weekdays, at('2026-11-22T10:00:00Z'))).toBe(false); // Sunday 12:00
  });

  test('the local date decides, not the UTC one: Monday 01:30 in Helsinki is Sunday in UTC', () => {
    expect(localClock(at('2026-11-22T23:30:00Z'))).toEqual({ date: '2026-11-23', weekday: 1, minute: 90 });
    const night: OpeningHours = { ...weekdays, weekly: [{ weekday: 1, opens: '00:00', closes: '02:00' }] };
    expect(isQueueOpen(night, at('2026-11-22T23:30:00Z'))).toBe(true);
  });

  test('an exception closes a weekday all day, or opens a Sunday for its own hours', () => {
    expect(isQueueOpen(weekdays, at('2026-12-24T08:00:00Z'))).toBe(false); // Thursday, closed
    expect(isQueueOpen(weekdays, at('2026-12-27T08:30:00Z'))).toBe(true); // Sunday 10:30
    expect(isQueueOpen(weekdays, at('2026-12-27T10:00:00Z'))).toBe(false); // Sunday 12:00
  });

  test('summer time: 08:00 local is 05:00 UTC', () => {
    // Monday 29 June 2026.
    expect(isQueueOpen(weekdays, at('2026-06-29T04:59:00Z'))).toBe(false);
    expect(isQueueOpen(weekdays, at('2026-06-29T05:00:00Z'))).toBe(true);
  });

  test('on the March changeover day the hours are still local hours', () => {
    // Sunday 29 March 2026, clocks go 03:00 → 04:00; an exception opens 03:00–05:00 local (01:00–02:00 UTC: one hour long).
    const changeover: OpeningHours = { ...weekdays, exceptions: [{ date: '2026-03-29', closed: false, opens: '03:00', closes: '05:00' }] };
    expect(isQueueOpen(changeover, at('2026-03-29T00:59:00Z'))).toBe(false); // 02:59 EET
    expect(isQueueOpen(changeover, at('2026-03-29T01:00:00Z'))).toBe(true); // 04:00 EEST
    expect(isQueueOpen(changeover, at('2026-03-29T02:00:00Z'))).toBe(false); // 05:00 EEST
  });
});

describe("a queue's hours on the patient's day (the service card)", () => {
  test('the weekday’s ranges in order, none at the weekend', () => {
    const shuffled = { ...weekdays, weekly: [...weekdays.weekly].reverse() };
    expect(hoursOnDay(shuffled, at('2026-11-23T10:00:00Z'))).toEqual({
      alwaysOpen: false,
      ranges: [
        { opens: '08:00', closes: '11:30' },
        { opens: '12:00', closes: '16:00' },
      ],
    });
    expect(hoursOnDay(weekdays, at('2026-11-22T10:00:00Z'))).toEqual({ alwaysOpen: false, ranges: [] });
  });

  test('an exception replaces the weekday: closed all day, or its own hours', () => {
    expect(hoursOnDay(weekdays, at('2026-12-24T10:00:00Z'))).toEqual({ alwaysOpen: false, ranges: [] });
    expect(hoursOnDay(weekdays, at('2026-12-27T10:00:00Z'))).toEqual({ alwaysOpen: false, ranges: [{ opens: '10:00', closes: '12:00' }] });
  });

  test('always open, unless the admin switched it closed; the local date decides', () => {
    expect(hoursOnDay(ALWAYS_OPEN, at('2026-11-22T03:00:00Z'))).toEqual({ alwaysOpen: true, ranges: [] });
    expect(hoursOnDay({ ...weekdays, closed: true }, at('2026-11-23T10:00:00Z'))).toEqual({ alwaysOpen: false, ranges: [] });
    // Sunday 23:30 UTC is Monday 01:30 in Helsinki: Monday's hours.
    expect(hoursOnDay(weekdays, at('2026-11-22T23:30:00Z')).ranges).toHaveLength(2);
  });
});
