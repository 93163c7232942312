import { describe, expect, test } from 'vitest';
import type { Category, MessagingExpert, Subcategory } from '@prsp/contracts';
import {
  categoryBody,
  categoryErrors,
  expertChoices,
  initialCategoryForm,
  initialSubcategoryForm,
  subcategoryBody,
  subcategoryErrors,
  subcategoryOptions,
  subcategoryPath,
  toggledCategory,
  toggledSubcategory,
} from './category-form-model';

const CAT = '11111111-1111-4111-8111-111111111111';
const SUB = '22222222-2222-4222-8222-222222222222';
const OFF = '33333333-3333-4333-8333-333333333333';
const EEVA = '44444444-4444-4444-8444-444444444444';
const OLLI = '55555555-5555-4555-8555-555555555555';
const AADA = '66666666-6666-4666-8666-666666666666';

const sub = (overrides: Partial<Subcategory> = {}): Subcategory => ({
  id: SUB,
  categoryId: CAT,
  name: { fi: 'Rokotukset', se: 'Vaccinationer', en: 'Vaccinations' },
  openAccess: false,
  isDisabled: false,
  addedExperts: [EEVA],
  ...overrides,
});
const category = (overrides: Partial<Category> = {}): Category => ({
  id: CAT,
  name: { fi: 'Neuvola', se: 'Rådgivning', en: 'Clinic' },
  openAccess: true,
  isDisabled: false,
  subcategories: [sub(), sub({ id: OFF, name: { fi: 'Pois', se: 'Av', en: 'Off' }, isDisabled: true })],
  ...overrides,
});

describe('category and subcategory forms (spec §5: a name in each language)', () => {
  test('a new category starts empty and open; a new subcategory has no experts', () => {
    expect(initialCategoryForm()).toEqual({
      name: { fi: '', se: '', en: '' },
      openAccess: true,
      answerPromise: { fi: '', se: '', en: '' },
    });
    expect(initialSubcategoryForm()).toEqual({ name: { fi: '', se: '', en: '' }, openAccess: true, addedExperts: [] });
  });

  test('every language of the name is required, with the paths the server answers with', () => {
    const body = categoryBody(
      { name: { fi: 'Neuvola', se: ' ', en: '' }, openAccess: true, answerPromise: { fi: '', se: '', en: '' } },
      false,
    );
    expect(categoryErrors(body)).toEqual({ 'name.se': 'required', 'name.en': 'required' });
    expect(categoryErrors(categoryBody(initialCategoryForm(category()), false))).toEqual({});
    const tooLong = subcategoryBody({ ...initialSubcategoryForm(sub()), name: { ...sub().name, fi: 'x'.repeat(201) } }, false);
    expect(subcategoryErrors(tooLong)).toEqual({ 'name.fi': 'tooLong' });
  });

  test('an edit keeps the stored disabled state and sends the chosen experts', () => {
    const form = initialSubcategoryForm(sub({ isDisabled: true }));
    expect(subcategoryBody({ ...form, addedExperts: [EEVA, OLLI] }, true)).toEqual({
      name: sub().name,
      openAccess: false,
      isDisabled: true,
      addedExperts: [EEVA, OLLI],
    });
    expect(subcategoryErrors(subcategoryBody(form, true))).toEqual({});
  });

  test('a category promises when an answer comes: edited in each language, sent as typed (issue 29)', () => {
    const promise = { fi: 'Vastaamme 3 arkipäivän kuluessa.', se: 'Vi svarar inom 3 vardagar.', en: 'We answer within 3 working days.' };
    const form = initialCategoryForm(category({ answerPromise: promise }));
    expect(form.answerPromise).toEqual(promise);
    expect(categoryBody(form, false).answerPromise).toEqual(promise);
    expect(categoryErrors(categoryBody({ ...form, answerPromise: { ...promise, en: 'x'.repeat(201) } }, false))).toEqual({
      'answerPromise.en': 'tooLong',
    });
  });

  test('the confirmed disable turns only the disabled state of what is stored (spec §4)', () => {
    expect(toggledCategory(category())).toEqual({
      name: category().name,
      openAccess: true,
      isDisabled: true,
      answerPromise: { fi: '', se: '', en: '' },
    });
    expect(toggledCategory(category({ isDisabled: true })).isDisabled).toBe(false);
    // The promise goes along as stored, so a disable never drops it (issue 29).
    const promise = { fi: 'Vastaamme 3 arkipäivän kuluessa.', se: 'Vi svarar inom 3 vardagar.', en: 'We answer within 3 working days.' };
    expect(toggledCategory(category({ answerPromise: promise })).answerPromise).toEqual(promise);
    expect(toggledSubcategory(sub())).toEqual({ name: sub().name, openAccess: false, isDisabled: true, addedExperts: [EEVA] });
  });
});

describe('choosing experts for a subcategory', () => {
  const experts: MessagingExpert[] = [
    { id: OLLI, name: 'Olli Ei', specializations: [], handlesMessages: false },
    { id: EEVA, name: 'Eeva Entinen', specializations: ['nurse'], handlesMessages: false },
    { id: AADA, name: 'Aada Asiantuntija', specializations: ['doctor'], handlesMessages: true },
  ];

  test('only experts who handle messages, plus those already assigned, by name', () => {
    expect(expertChoices(experts, [EEVA], 'fi').map((e) => e.id)).toEqual([AADA, EEVA]);
    expect(expertChoices(experts, [], 'en').map((e) => e.id)).toEqual([AADA]);
  });
});

describe('subcategories for message codes', () => {
  test("'Category › Subcategory' in the admin's language", () => {
    expect(subcategoryPath(category().name, sub().name, 'se')).toBe('Rådgivning › Vaccinationer');
  });

  test('only enabled subcategories of enabled categories', () => {
    expect(subcategoryOptions([category(), category({ id: OFF, isDisabled: true })], 'fi')).toEqual([
      { value: SUB, label: 'Neuvola › Rokotukset', openAccess: false },
    ]);
    expect(subcategoryOptions([category({ subcategories: undefined })], 'fi')).toEqual([]);
  });
});
