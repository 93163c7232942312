import { describe, expect, it } from 'vitest';
import en from '@/locales/en/messaging.json';
import fi from '@/locales/fi/messaging.json';
import sv from '@/locales/sv/messaging.json';
import { expectMatchingCatalogues, keysNamedIn, sourcesIn, textKeys } from '@/lib/text-catalogue-checks';

const SOURCES = sourcesIn(import.meta.dirname);

describe('messaging texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });

  it('have a text for every key the code names, and for every attachment problem', () => {
    const known = new Set(textKeys(fi));
    const named = keysNamedIn(SOURCES, 'messaging');
    expect(named.length).toBeGreaterThan(15);
    const built = ['type', 'size', 'empty', 'count'].map((p) => `messaging.composer.fileProblem.${p}`);
    expect([...named, ...built].filter((k) => !known.has(k))).toEqual([]);
  });

  it('use the spec §8 sending error in English', () => {
    expect(en.messaging.composer.sendError).toBe('Sending error. Please try again later.');
  });
});
