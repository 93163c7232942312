import { describe, expect, it } from 'vitest';
import en from '@/locales/en/calendar.json';
import fi from '@/locales/fi/calendar.json';
import sv from '@/locales/sv/calendar.json';
import { expectMatchingCatalogues, keysNamedIn, sourcesIn, textKeys } from '@/lib/text-catalogue-checks';

describe('calendar texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });

  it('have a text for every key the calendar names', () => {
    const known = new Set(textKeys(fi));
    const named = keysNamedIn(sourcesIn(import.meta.dirname), 'calendar');
    expect(named.length).toBeGreaterThan(1);
    expect(named.filter((k) => !known.has(k))).toEqual([]);
  });
});
