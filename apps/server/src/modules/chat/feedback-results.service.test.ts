import { describe, expect, test } from 'vitest';
import type { ScoreType } from '@prsp/contracts';
import { figuresOf } from './feedback-results.service';

/** The sums the database answers for a list of scores of one type. */
function aggregate(scoreType: ScoreType, scores: number[]) {
  return {
    scoreType,
    count: scores.length,
    sum: scores.reduce((a, b) => a + b, 0),
    promoters: scores.filter((s) => s >= 9).length,
    detractors: scores.filter((s) => s <= 6).length,
  };
}

describe('feedback figures', () => {
  test('NPS: % of 9–10 minus % of 0–6, whole points; 7 and 8 count only in the total', () => {
    // 5 promoters, 3 passives, 2 detractors of 10: 50 − 20 = 30.
    const [nps] = figuresOf([aggregate('nps', [10, 9, 9, 10, 9, 8, 7, 7, 6, 0])]);
    expect(nps).toEqual({ scoreType: 'nps', count: 10, average: 7.5, nps: 30 });
    expect(figuresOf([aggregate('nps', [0, 3, 6])])[0]!.nps).toBe(-100);
    expect(figuresOf([aggregate('nps', [9, 10])])[0]!.nps).toBe(100);
    expect(figuresOf([aggregate('nps', [7, 8])])[0]!.nps).toBe(0);
  });

  test('NPS rounds half away from zero: 1 of 8 is 12.5 → 13, and −12.5 → −13', () => {
    expect(figuresOf([aggregate('nps', [9, 7, 7, 7, 7, 7, 7, 7])])[0]!.nps).toBe(13);
    expect(figuresOf([aggregate('nps', [6, 7, 7, 7, 7, 7, 7, 7])])[0]!.nps).toBe(-13);
    // 1 promoter and 2 detractors of 3: −33.33… → −33.
    expect(figuresOf([aggregate('nps', [10, 0, 5])])[0]!.nps).toBe(-33);
  });

  test('averages to one decimal, exact before rounding (4.45 is 4.5, not 4.4)', () => {
    const scores = [...Array(11).fill(5), ...Array(9).fill(4)]; // 91 / 20 = 4.55
    expect(figuresOf([aggregate('ces', scores)])[0]!.average).toBe(4.6);
    expect(figuresOf([aggregate('care', [...Array(9).fill(5), ...Array(11).fill(4)])])[0]!.average).toBe(4.5); // 89 / 20 = 4.45
    expect(figuresOf([aggregate('expertCes', [7, 6, 6])])[0]!.average).toBe(6.3);
  });

  test('only nps has an NPS; open feedback has a count and no average; types in a fixed order, none without scores', () => {
    const figures = figuresOf([aggregate('open', [0, 0]), aggregate('care', [5, 4]), aggregate('nps', [10]), aggregate('ces', [])]);
    expect(figures).toEqual([
      { scoreType: 'nps', count: 1, average: 10, nps: 100 },
      { scoreType: 'care', count: 2, average: 4.5, nps: null },
      { scoreType: 'open', count: 2, average: null, nps: null },
    ]);
  });
});
