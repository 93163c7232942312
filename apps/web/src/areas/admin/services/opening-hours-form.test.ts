import { describe, expect, test } from 'vitest';
import { ALWAYS_OPEN, openingHoursIssues, type OpeningHours } from '@prsp/contracts';
import {
  addException,
  addRange,
  copyToWorkdays,
  hoursToSend,
  rangesOf,
  removeException,
  removeRange,
  updateException,
  updateRange,
} from './opening-hours-form';

const week = (weekly: OpeningHours['weekly']): OpeningHours => ({ ...ALWAYS_OPEN, alwaysOpen: false, weekly });

describe('opening hours form', () => {
  test("a day's first range is office hours; the next starts where the last closes, so it never overlaps", () => {
    let hours = addRange(week([]), 3);
    expect(hours.weekly).toEqual([{ weekday: 3, opens: '08:00', closes: '16:00' }]);
    hours = addRange(updateRange(hours, 0, { closes: '11:30' }), 3);
    expect(rangesOf(hours, 3).map((r) => r.range)).toEqual([
      { weekday: 3, opens: '08:00', closes: '11:30' },
      { weekday: 3, opens: '11:30', closes: '13:30' },
    ]);
    expect(openingHoursIssues(hours)).toEqual([]);
  });

  test('a late range stays within the day', () => {
    const hours = addRange(week([{ weekday: 1, opens: '20:00', closes: '23:00' }]), 1);
    expect(hours.weekly[1]).toEqual({ weekday: 1, opens: '22:00', closes: '23:59' });
  });

  test('ranges keep their places in the week, which the field errors name', () => {
    const hours = week([
      { weekday: 2, opens: '08:00', closes: '12:00' },
      { weekday: 1, opens: '08:00', closes: '12:00' },
      { weekday: 2, opens: '13:00', closes: '16:00' },
    ]);
    expect(rangesOf(hours, 2).map((r) => r.index)).toEqual([0, 2]);
    expect(removeRange(hours, 0).weekly).toEqual([hours.weekly[1], hours.weekly[2]]);
  });

  test("copying a day's hours to Monday–Friday replaces theirs and leaves the weekend", () => {
    const hours = copyToWorkdays(
      week([
        { weekday: 1, opens: '08:00', closes: '12:00' },
        { weekday: 1, opens: '13:00', closes: '16:00' },
        { weekday: 4, opens: '10:00', closes: '11:00' },
        { weekday: 6, opens: '10:00', closes: '14:00' },
      ]),
      1,
    );
    expect(rangesOf(hours, 4).map((r) => `${r.range.opens}-${r.range.closes}`)).toEqual(['08:00-12:00', '13:00-16:00']);
    expect(rangesOf(hours, 5)).toHaveLength(2);
    expect(rangesOf(hours, 6).map((r) => r.range.opens)).toEqual(['10:00']);
    expect(rangesOf(hours, 7)).toEqual([]);
  });

  test('an exception starts closed all day; opening it gives hours, closing drops them', () => {
    let hours = addException(week([]), '2026-12-24');
    expect(hours.exceptions).toEqual([{ date: '2026-12-24', closed: true }]);
    hours = updateException(hours, 0, { closed: false });
    expect(hours.exceptions).toEqual([{ date: '2026-12-24', closed: false, opens: '08:00', closes: '16:00' }]);
    hours = updateException(hours, 0, { closes: '12:00' });
    expect(hours.exceptions[0]).toMatchObject({ opens: '08:00', closes: '12:00' });
    hours = updateException(hours, 0, { closed: true });
    expect(hours.exceptions).toEqual([{ date: '2026-12-24', closed: true }]);
    expect(removeException(hours, 0).exceptions).toEqual([]);
  });

  test('the hours are sent when changed or for a new queue, else the queue keeps its own', () => {
    const loaded = week([{ weekday: 1, opens: '08:00', closes: '16:00' }]);
    expect(hoursToSend(loaded, { ...loaded }, false)).toBeUndefined();
    expect(hoursToSend(loaded, loaded, true)).toBe(loaded);
    const changed = { ...loaded, closed: true };
    expect(hoursToSend(loaded, changed, false)).toBe(changed);
  });
});
