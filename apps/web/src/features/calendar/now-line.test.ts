import { describe, expect, it } from 'vitest';
import { atLocalTime } from '@prsp/contracts';
import { nowMark } from './now-line';

const week = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];

describe('nowMark', () => {
  it('stands in the column of today at the Helsinki minute of the day', () => {
    expect(nowMark(week, atLocalTime('2026-12-02', 10, 42).getTime())).toEqual({ dayIndex: 2, minutes: 642 });
    expect(nowMark(['2026-12-02'], atLocalTime('2026-12-02', 0, 0).getTime())).toEqual({ dayIndex: 0, minutes: 0 });
    expect(nowMark(['2026-12-02'], atLocalTime('2026-12-02', 23, 59).getTime())).toEqual({ dayIndex: 0, minutes: 1439 });
  });

  it('is not drawn when today is not among the days shown (the UTC date is not the Helsinki one)', () => {
    expect(nowMark(week, atLocalTime('2026-12-07', 9, 0).getTime())).toBeUndefined();
    // 23:30 UTC on 29 November is 01:30 on 30 November in Helsinki: the first column, not the day before.
    expect(nowMark(week, Date.UTC(2026, 10, 29, 23, 30))).toEqual({ dayIndex: 0, minutes: 90 });
  });

  it('follows the wall clock over the daylight-saving changes', () => {
    // Spring 2027: 04:30 summer time on 28 March is 01:30 UTC.
    expect(nowMark(['2027-03-28'], Date.UTC(2027, 2, 28, 1, 30))).toEqual({ dayIndex: 0, minutes: 270 });
    // Autumn 2027: 03:30 comes twice on 31 October; both passes stand at 03:30.
    expect(nowMark(['2027-10-31'], Date.UTC(2027, 9, 31, 0, 30))).toEqual({ dayIndex: 0, minutes: 210 });
    expect(nowMark(['2027-10-31'], Date.UTC(2027, 9, 31, 1, 30))).toEqual({ dayIndex: 0, minutes: 210 });
  });
});
