import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { URGENCY_LEVELS } from '@prsp/contracts';
import en from '@/locales/en/self-assessment.json';
import fi from '@/locales/fi/self-assessment.json';
import sv from '@/locales/sv/self-assessment.json';
import { expectMatchingCatalogues, keysNamedIn, sourcesIn, textKeys } from '@/lib/text-catalogue-checks';

const src = path.join(import.meta.dirname, '../..');
const SOURCES = [import.meta.dirname, path.join(src, 'areas/patient/chat'), path.join(src, 'stand-ins/self-assessment')].flatMap((dir) =>
  sourcesIn(dir),
);

describe('self-assessment texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });

  it('have a text for every key the code names, and for every urgency', () => {
    const known = new Set(textKeys(fi));
    const named = keysNamedIn(SOURCES, 'selfAssessment');
    expect(named.length).toBeGreaterThan(10);
    const built = URGENCY_LEVELS.map((u) => `selfAssessment.urgency.${u}`);
    expect([...named, ...built].filter((k) => !known.has(k))).toEqual([]);
  });
});
