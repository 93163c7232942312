import { describe, expect, test } from 'vitest';
import type { CategoryRow, SubcategoryRow } from './categories.repo';
import { addedExpertIssues, answerPromiseOf, expertCategories, patientCategories, patientMayWrite } from './category-rules';

const name = (fi: string) => ({ fi, se: fi, en: fi });
const at = new Date('2026-01-01T00:00:00Z');
const category = (id: string, over: Partial<CategoryRow> = {}): CategoryRow => ({
  id,
  organisationId: 'org',
  name: name(id),
  openAccess: true,
  isDisabled: false,
  answerPromise: null,
  createdAt: at,
  ...over,
});
const sub = (id: string, categoryId: string, over: Partial<SubcategoryRow> = {}): SubcategoryRow => ({
  id,
  categoryId,
  organisationId: 'org',
  name: name(id),
  openAccess: true,
  isDisabled: false,
  createdAt: at,
  ...over,
});

describe('patientMayWrite', () => {
  const open = { openAccess: true, isDisabled: false };
  const restricted = { openAccess: false, isDisabled: false };
  const disabled = { openAccess: true, isDisabled: true };
  test.each([
    ['open category, open subcategory', open, open, false, true],
    ['restricted category without a code', restricted, open, false, false],
    ['restricted subcategory without a code', open, restricted, false, false],
    ['restricted category with a code', restricted, restricted, true, true],
    ['disabled category, even with a code', disabled, open, true, false],
    ['disabled subcategory, even with a code', open, disabled, true, false],
    ['disabled subcategory without a code', open, disabled, false, false],
  ])('%s', (_name, c, s, viaCode, expected) => {
    expect(patientMayWrite(c, s, viaCode)).toBe(expected);
  });
});

describe('patientCategories', () => {
  test('enabled open categories, each with its enabled open subcategories, without expert ids', () => {
    const categories = [category('a'), category('restricted', { openAccess: false }), category('off', { isDisabled: true })];
    const subs = [
      sub('a1', 'a'),
      sub('a2', 'a', { isDisabled: true }),
      sub('a3', 'a', { openAccess: false }),
      sub('r1', 'restricted'),
      sub('o1', 'off'),
    ];
    expect(patientCategories(categories, subs)).toEqual([
      {
        id: 'a',
        name: name('a'),
        openAccess: true,
        isDisabled: false,
        answerPromise: null,
        subcategories: [{ id: 'a1', categoryId: 'a', name: name('a1'), openAccess: true, isDisabled: false, addedExperts: [] }],
      },
    ]);
  });
});

describe('expertCategories', () => {
  test('only categories with a subcategory assigned to the expert, with those subcategories; disabled ones stay', () => {
    const categories = [category('a'), category('b', { isDisabled: true }), category('c')];
    const subs = [sub('a1', 'a'), sub('a2', 'a'), sub('b1', 'b', { isDisabled: true }), sub('c1', 'c')];
    const result = expertCategories(categories, subs, new Set(['a2', 'b1']), new Map([['a2', ['me', 'other']]]));
    expect(result.map((c) => [c.id, c.subcategories!.map((s) => s.id)])).toEqual([
      ['a', ['a2']],
      ['b', ['b1']],
    ]);
    expect(result[0]!.subcategories![0]!.addedExperts).toEqual(['me', 'other']);
  });
});

test('addedExpertIssues: one field error per id that may not be assigned', () => {
  expect(addedExpertIssues(['x', 'y', 'z'], new Set(['y']))).toEqual([
    { field: 'addedExperts.0', key: 'invalid' },
    { field: 'addedExperts.2', key: 'invalid' },
  ]);
  expect(addedExpertIssues([], new Set())).toEqual([]);
});

describe('answerPromiseOf (issue 29)', () => {
  const promise = { fi: 'Vastaamme 3 arkipäivän kuluessa.', se: 'Vi svarar inom 3 vardagar.', en: 'We answer within 3 working days.' };
  test('left out keeps the stored one; null or blank in every language is none', () => {
    expect(answerPromiseOf(undefined)).toEqual({ promise: undefined, issues: [] });
    expect(answerPromiseOf(null)).toEqual({ promise: null, issues: [] });
    expect(answerPromiseOf({ fi: ' ', se: '', en: '' })).toEqual({ promise: null, issues: [] });
  });

  test('given in every language, trimmed; given in some, the others are required', () => {
    expect(answerPromiseOf({ ...promise, fi: ` ${promise.fi} ` })).toEqual({ promise, issues: [] });
    expect(answerPromiseOf({ ...promise, se: '', en: ' ' }).issues).toEqual([
      { field: 'answerPromise.se', key: 'required' },
      { field: 'answerPromise.en', key: 'required' },
    ]);
  });
});
