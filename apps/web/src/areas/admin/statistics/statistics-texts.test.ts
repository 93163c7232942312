import { describe, expect, it } from 'vitest';
import { STAT_COUNTS, STAT_DURATIONS } from '@prsp/contracts';
import en from '@/locales/en/statistics.json';
import fi from '@/locales/fi/statistics.json';
import sv from '@/locales/sv/statistics.json';
import { expectMatchingCatalogues, keysNamedIn, sourcesIn, textKeys } from '@/lib/text-catalogue-checks';

describe('statistics texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });

  it('have a text for every whole key the page names and every figure of the contract', () => {
    const known = new Set(textKeys(fi));
    const named = keysNamedIn(sourcesIn(import.meta.dirname), 'statistics');
    expect(named.length).toBeGreaterThan(20);
    const figures = [...STAT_COUNTS, ...STAT_DURATIONS].map((key) => `statistics.figures.${key}`);
    const groups = ['total', 'day', 'service', 'queue', 'expert'].map((g) => `statistics.groups.${g}`);
    expect([...named, ...figures, ...groups].filter((k) => !known.has(k))).toEqual([]);
  });
});
