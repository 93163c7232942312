import { describe, expect, it } from 'vitest';
import { isoWeekNumber, scheduleRange, scheduleSearch, viewOf, weekDays, weekStart } from './schedule-views';

describe('schedule views', () => {
  it('reads the view from the address, the list by default', () => {
    expect(viewOf('week')).toBe('week');
    expect(viewOf('day')).toBe('day');
    expect(viewOf(null)).toBe('list');
    expect(viewOf('month')).toBe('list');
  });

  it('a week runs from Monday to Sunday, across a month and a year', () => {
    expect(weekStart('2026-11-30')).toBe('2026-11-30');
    expect(weekStart('2026-12-06')).toBe('2026-11-30');
    expect(weekStart('2027-01-01')).toBe('2026-12-28');
    expect(weekDays('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    // The spring change's week has seven dates like any other (the server counts its hours).
    expect(weekDays(weekStart('2027-03-28'))).toHaveLength(7);
    expect(weekStart('2027-03-28')).toBe('2027-03-22');
  });

  it('numbers weeks as ISO 8601 does', () => {
    expect(isoWeekNumber('2026-11-30')).toBe(49);
    expect(isoWeekNumber('2026-12-31')).toBe(53);
    expect(isoWeekNumber('2027-01-03')).toBe(53);
    expect(isoWeekNumber('2027-01-04')).toBe(1);
    expect(isoWeekNumber('2025-12-29')).toBe(1);
  });

  it('asks the server for the day, or for the week from its Monday', () => {
    expect(scheduleRange('list', '2026-12-02')).toEqual({ from: '2026-12-02', days: 1 });
    expect(scheduleRange('day', '2026-12-02')).toEqual({ from: '2026-12-02', days: 1 });
    expect(scheduleRange('week', '2026-12-02')).toEqual({ from: '2026-11-30', days: 7 });
  });

  it('leaves the defaults out of the address', () => {
    expect(scheduleSearch('list', '2026-12-02', '2026-12-02')).toEqual({});
    expect(scheduleSearch('week', '2026-12-09', '2026-12-02')).toEqual({ view: 'week', date: '2026-12-09' });
  });
});
