import { describe, expect, test } from 'vitest';
import type { FeedbackFigures } from '@prsp/contracts';
import { figureOf, formatFigures, scoreTypesOf } from './feedback-figures';

const fig = (over: Partial<FeedbackFigures>): FeedbackFigures => ({ scoreType: 'nps', count: 1, average: null, nps: null, ...over });

describe('feedback figures on the page', () => {
  test('columns: the score types that have figures, in the fixed order', () => {
    const rows = [{ figures: [fig({ scoreType: 'care' }), fig({ scoreType: 'nps' })] }, { figures: [fig({ scoreType: 'expertCes' })] }];
    expect(scoreTypesOf(rows)).toEqual(['nps', 'care', 'expertCes']);
    expect(scoreTypesOf([])).toEqual([]);
    expect(figureOf(rows[0]!, 'care')?.scoreType).toBe('care');
    expect(figureOf(rows[1]!, 'nps')).toBeUndefined();
  });

  test('numbers in the language: decimal comma in Finnish and Swedish; NPS with its sign', () => {
    expect(formatFigures(fig({ count: 12, average: 7.5, nps: 30 }), 'fi')).toEqual({ count: '12', average: '7,5', nps: '+30' });
    expect(formatFigures(fig({ count: 3, average: 4, nps: -20 }), 'en')).toEqual({ count: '3', average: '4.0', nps: '-20' });
    expect(formatFigures(fig({ count: 2, average: 4.5, nps: 0 }), 'sv').nps).toBe('0');
    expect(formatFigures(fig({ scoreType: 'open', count: 2 }), 'fi')).toEqual({ count: '2' });
  });
});
