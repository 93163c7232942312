import { describe, expect, it } from 'vitest';
import en from '@/locales/en/expert-surveys.json';
import fi from '@/locales/fi/expert-surveys.json';
import sv from '@/locales/sv/expert-surveys.json';
import { SURVEY_VIEWS } from './surveys-view';
import { expectMatchingCatalogues, keysNamedIn, sourcesIn, textKeys } from '@/lib/text-catalogue-checks';

const SOURCES = sourcesIn(import.meta.dirname);

describe('expert survey texts', () => {
  it('say the same things in Finnish, Swedish and English, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
  });

  it('have a text for every key the pages name, and for every view', () => {
    const known = new Set(textKeys(fi));
    const named = keysNamedIn(SOURCES, 'expertSurveys');
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((key) => !known.has(key))).toEqual([]);
    for (const view of SURVEY_VIEWS) expect(known).toContain(`expertSurveys.views.${view}`);
    for (const view of SURVEY_VIEWS) expect(known).toContain(`expertSurveys.none.${view}`);
  });
});
