import { describe, expect, it } from 'vitest';
import en from '@/locales/en/emergency.json';
import fi from '@/locales/fi/emergency.json';
import sv from '@/locales/sv/emergency.json';
import { expectMatchingCatalogues, keysNamedIn, sourcesIn, textKeys } from '@/lib/text-catalogue-checks';

describe('emergency texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });

  it('have a text for every key the notice names, and every language names the number 112', () => {
    const known = new Set(textKeys(fi));
    const named = keysNamedIn(sourcesIn(import.meta.dirname), 'emergency');
    expect(named.length).toBeGreaterThan(4);
    expect(named.filter((k) => !known.has(k))).toEqual([]);
    for (const texts of [fi, sv, en]) expect(texts.emergency.call).toContain('112');
  });
});
