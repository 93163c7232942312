import { describe, expect, it } from 'vitest';
import en from '@/locales/en/access-log.json';
import fi from '@/locales/fi/access-log.json';
import sv from '@/locales/sv/access-log.json';
import { expectMatchingCatalogues, keysNamedIn, sourcesIn, textKeys } from '@/lib/text-catalogue-checks';

describe("the patient's access log texts", () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });

  it('have a text for every key the code names', () => {
    const known = new Set(textKeys(fi));
    const named = keysNamedIn(sourcesIn(import.meta.dirname), 'accessLog');
    expect(named.length).toBeGreaterThan(8);
    // A plural text is named by its stem ('accessLog.times') and kept as its forms ('accessLog.times_one').
    expect(named.filter((k) => !known.has(k) && !known.has(`${k}_one`))).toEqual([]);
  });
});
