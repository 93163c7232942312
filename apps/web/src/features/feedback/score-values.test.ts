import { describe, expect, it } from 'vitest';
import { scoreValues } from './score-values';

describe('scoreValues', () => {
  it('offers the number scale 0 to 10 as 11 options (spec §9)', () => {
    expect(scoreValues('nps')).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('offers 1 to 5 for faces and care satisfaction, 1 to 7 for the expert', () => {
    expect(scoreValues('ces')).toEqual([1, 2, 3, 4, 5]);
    expect(scoreValues('care')).toEqual([1, 2, 3, 4, 5]);
    expect(scoreValues('expertCes')).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
