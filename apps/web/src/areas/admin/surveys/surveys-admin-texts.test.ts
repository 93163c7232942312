import { describe, expect, test } from 'vitest';
import { SURVEY_KINDS, SURVEY_QUESTION_TYPES, SURVEY_TIMING_VALUES } from '@prsp/contracts';
import adminEn from '@/locales/en/admin.json';
import adminFi from '@/locales/fi/admin.json';
import adminSv from '@/locales/sv/admin.json';
import en from '@/locales/en/surveys-admin.json';
import fi from '@/locales/fi/surveys-admin.json';
import sv from '@/locales/sv/surveys-admin.json';
import qEn from '@/locales/en/survey-questions.json';
import qFi from '@/locales/fi/survey-questions.json';
import qSv from '@/locales/sv/survey-questions.json';
import { expectMatchingCatalogues } from '@/lib/text-catalogue-checks';

/** The survey screens' sources, read as text: every key they show must exist in fi, sv and en. */
const sources = import.meta.glob<string>(['./*.tsx', './*.ts', '../../../features/surveys/survey-questions.tsx', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function lookup(texts: object, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], texts);
}

describe('survey texts', () => {
  const languages = { fi: { ...fi, ...qFi, ...adminFi }, sv: { ...sv, ...qSv, ...adminSv }, en: { ...en, ...qEn, ...adminEn } };
  const literal = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const m of source.matchAll(/['`]((?:surveysAdmin|surveyQuestions|admin)\.[a-zA-Z.]+[a-zA-Z])['`]/g)) literal.add(m[1]!);
  }
  // Keys built at run time: types, kinds, timings, faces.
  const built = [
    ...SURVEY_QUESTION_TYPES.map((type) => `surveysAdmin.types.${type}`),
    ...SURVEY_KINDS.map((kind) => `surveysAdmin.kinds.${kind}`),
    ...SURVEY_TIMING_VALUES.flatMap((timing) => [`surveysAdmin.attach.${timing}`, `surveysAdmin.attach.${timing}Named`]),
    ...[1, 2, 3, 4, 5].map((n) => `surveyQuestions.faces.${n}`),
    ...['name', 'kind', 'version', 'inUse', 'actions'].map((c) => `surveysAdmin.list.${c}`),
  ];

  test('every key the screens ask for exists in Finnish, Swedish and English', () => {
    expect(literal.size).toBeGreaterThan(40);
    const missing = Object.entries(languages).flatMap(([lang, texts]) =>
      [...literal, ...built].filter((key) => lookup(texts, key) === undefined).map((key) => `${lang}:${key}`),
    );
    expect(missing).toEqual([]);
  });

  test('the three languages have the same keys, none empty', () => {
    expectMatchingCatalogues(fi, sv, en);
    expectMatchingCatalogues(qFi, qSv, qEn);
  });
});
