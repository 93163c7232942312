import { describe, expect, it } from 'vitest';
import en from '@/locales/en/expert.json';
import fi from '@/locales/fi/expert.json';
import sv from '@/locales/sv/expert.json';
import { expectMatchingCatalogues, keysNamedIn, sourcesIn, textKeys } from '@/lib/text-catalogue-checks';

describe('expert texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });

  it('have a text (not a group of texts) for every whole key the expert pages name', () => {
    const known = new Set(textKeys(fi).map((k) => k.replace(/_(one|other)$/, '')));
    const named = keysNamedIn(sourcesIn(import.meta.dirname, true), 'expert');
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((key) => !known.has(key))).toEqual([]);
  });
});
