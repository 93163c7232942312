import path from 'node:path';
import { expect, test } from 'vitest';
import en from '@/locales/en/survey-frame.json';
import fi from '@/locales/fi/survey-frame.json';
import sv from '@/locales/sv/survey-frame.json';
import { expectMatchingCatalogues, keysNamedIn, textKeys } from '@/lib/text-catalogue-checks';

const SOURCES = ['survey-frame.tsx', '../../areas/patient/surveys/survey-page.tsx', '../../survey-runner/runner.tsx'].map((f) =>
  path.join(import.meta.dirname, f),
);

test('the survey frame texts say the same things in Finnish, Swedish and English, none empty', () => {
  expectMatchingCatalogues(fi, sv, en);
});

test('every key the page, the frame and the runner name has a text', () => {
  const known = new Set(textKeys(fi));
  const named = keysNamedIn(SOURCES, 'surveyFrame');
  expect(named.length).toBeGreaterThan(10);
  expect(named.filter((k) => !known.has(k))).toEqual([]);
});
