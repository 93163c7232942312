import { describe, expect, it } from 'vitest';
import { atLocalTime } from '@prsp/contracts';
import { clockOf, layoutDay, placeOnDay, visibleHours, wallMinutesOn } from './time-grid-layout';

const at = (date: string, h: number, m = 0) => atLocalTime(date, h, m).getTime();
const span = (date: string, from: [number, number], to: [number, number], id = `${from}`) => ({
  id,
  start: at(date, ...from),
  end: at(date, ...to),
});

describe('placeOnDay', () => {
  it('places an item by its Helsinki wall-clock minutes, whatever the UTC offset', () => {
    expect(placeOnDay('2026-12-01', span('2026-12-01', [9, 0], [9, 30]))).toEqual({ top: 540, bottom: 570 });
    expect(placeOnDay('2026-07-01', span('2026-07-01', [9, 0], [9, 30]))).toEqual({ top: 540, bottom: 570 });
  });

  it('clips an item over midnight to each day and leaves it out of other days', () => {
    const night = { start: at('2026-12-01', 23), end: at('2026-12-02', 1) };
    expect(placeOnDay('2026-12-01', night)).toEqual({ top: 1380, bottom: 1440 });
    expect(placeOnDay('2026-12-02', night)).toEqual({ top: 0, bottom: 60 });
    expect(placeOnDay('2026-12-03', night)).toBeUndefined();
    expect(placeOnDay('2026-11-30', night)).toBeUndefined();
    // Ending at midnight exactly: not on the next day.
    expect(placeOnDay('2026-12-02', { start: at('2026-12-01', 23), end: at('2026-12-02', 0) })).toBeUndefined();
  });

  it('draws an item over the spring changeover by its wall clock (03:00 to 04:00 does not exist on 29 March 2026)', () => {
    const item = { start: at('2026-03-29', 2, 30), end: at('2026-03-29', 5) };
    expect((item.end - item.start) / 60_000).toBe(90);
    expect(placeOnDay('2026-03-29', item)).toEqual({ top: 150, bottom: 300 });
  });

  it('keeps an item in the repeated autumn hour visible (25 October 2026 shows 03:00 to 04:00 twice)', () => {
    const firstPass = Date.UTC(2026, 9, 25, 0, 30); // 03:30 summer time
    const secondPass = Date.UTC(2026, 9, 25, 1, 15); // 03:15 winter time, 45 minutes later
    expect(wallMinutesOn('2026-10-25', firstPass)).toBe(210);
    expect(placeOnDay('2026-10-25', { start: firstPass, end: secondPass })).toEqual({ top: 210, bottom: 225 });
  });
});

describe('layoutDay', () => {
  it('gives items that do not overlap the whole width, in start order', () => {
    const placed = layoutDay('2026-12-01', [span('2026-12-01', [10, 0], [10, 30], 'b'), span('2026-12-01', [9, 0], [9, 30], 'a')]);
    expect(placed.map((p) => [p.item.id, p.column, p.columns])).toEqual([
      ['a', 0, 1],
      ['b', 0, 1],
    ]);
  });

  it('splits a cluster of overlapping items into columns and reuses a freed column', () => {
    const day = '2026-12-01';
    const placed = layoutDay(day, [
      span(day, [9, 0], [11, 0], 'long'),
      span(day, [9, 0], [9, 30], 'early'),
      span(day, [9, 30], [10, 0], 'after-early'),
      span(day, [9, 45], [10, 15], 'third'),
      span(day, [12, 0], [12, 30], 'alone'),
    ]);
    const byId = Object.fromEntries(placed.map((p) => [p.item.id, [p.column, p.columns]]));
    expect(byId).toEqual({ long: [0, 3], early: [1, 3], 'after-early': [1, 3], third: [2, 3], alone: [0, 1] });
  });

  it('leaves out items of other days', () => {
    expect(layoutDay('2026-12-02', [span('2026-12-01', [9, 0], [9, 30])])).toEqual([]);
  });
});

describe('visibleHours', () => {
  it('shows a working day at least and widens to whole hours around the items of the days shown', () => {
    const days = ['2026-12-01', '2026-12-02'];
    expect(visibleHours(days, [])).toEqual([8, 16]);
    expect(visibleHours(days, [span('2026-12-02', [7, 15], [7, 45]), span('2026-12-01', [17, 30], [18, 15])])).toEqual([7, 19]);
    expect(visibleHours(days, [span('2026-12-05', [5, 0], [6, 0])])).toEqual([8, 16]);
  });
});

it('writes a minute of the day as HH:MM', () => {
  expect(clockOf(0)).toBe('00:00');
  expect(clockOf(9 * 60 + 45)).toBe('09:45');
});
