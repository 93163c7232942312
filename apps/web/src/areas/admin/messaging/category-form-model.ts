import {
  ZCategoryInput,
  ZSubcategoryInput,
  type Category,
  type CategoryInput,
  type Language,
  type Localized,
  type MessagingExpert,
  type Subcategory,
  type SubcategoryInput,
  languageTag,
} from '@prsp/contracts';
import { schemaErrors } from '@/lib/form-errors';
import type { FieldErrors } from '@/lib/validation';

/**
 * The category and subcategory forms (spec §3 'Category', 'Subcategory'; §5 'name needed in each language').
 * Disabling is not part of the forms: it is its own action after a confirmation (spec §4), so a save keeps the
 * stored state and a disable never sends unsaved edits.
 */
type NamedForm = { name: Localized; openAccess: boolean };
/** A category also promises when an answer comes (issue 29): empty in every language is no promise. */
export type CategoryForm = NamedForm & { answerPromise: Localized };
export type SubcategoryForm = NamedForm & { addedExperts: string[] };

const emptyText = (): Localized => ({ fi: '', se: '', en: '' });

function initialNamedForm(stored?: Pick<Category, 'name' | 'openAccess'>): NamedForm {
  return { name: stored ? { ...stored.name } : emptyText(), openAccess: stored?.openAccess ?? true };
}

export function initialCategoryForm(category?: Pick<Category, 'name' | 'openAccess' | 'answerPromise'>): CategoryForm {
  return { ...initialNamedForm(category), answerPromise: category?.answerPromise ? { ...category.answerPromise } : emptyText() };
}

export function initialSubcategoryForm(sub?: Pick<Subcategory, 'name' | 'openAccess' | 'addedExperts'>): SubcategoryForm {
  return { ...initialNamedForm(sub), addedExperts: sub ? [...sub.addedExperts] : [] };
}

export function categoryBody(form: CategoryForm, isDisabled: boolean): CategoryInput {
  return { name: form.name, openAccess: form.openAccess, isDisabled, answerPromise: form.answerPromise };
}

export function subcategoryBody(form: SubcategoryForm, isDisabled: boolean): SubcategoryInput {
  return { name: form.name, openAccess: form.openAccess, isDisabled, addedExperts: form.addedExperts };
}

/** The contract's rules, with the paths the server's field errors use (`name.fi` …). */
export function categoryErrors(body: CategoryInput): FieldErrors {
  return schemaErrors(ZCategoryInput, body);
}

export function subcategoryErrors(body: SubcategoryInput): FieldErrors {
  return schemaErrors(ZSubcategoryInput, body);
}

/** The stored category or subcategory with only its disabled state turned: what the confirmed toggle sends. */
export function toggledCategory(category: Category): CategoryInput {
  return categoryBody(initialCategoryForm(category), !category.isDisabled);
}

export function toggledSubcategory(sub: Subcategory): SubcategoryInput {
  return subcategoryBody(initialSubcategoryForm(sub), !sub.isDisabled);
}

export type ExpertChoice = { id: string; name: string; specializations: string[]; handlesMessages: boolean };

/**
 * The experts a subcategory can be given: those who handle messages, and any already assigned who no longer do
 * (so the admin sees them and can take them off). Sorted by name in the admin's language.
 */
export function expertChoices(experts: readonly MessagingExpert[], assigned: readonly string[], lang: Language): ExpertChoice[] {
  const chosen = new Set(assigned);
  return experts
    .filter((e) => e.handlesMessages || chosen.has(e.id))
    .map(({ id, name, specializations, handlesMessages }) => ({ id, name, specializations, handlesMessages }))
    .sort((a, b) => a.name.localeCompare(b.name, languageTag(lang)));
}

/** 'Category › Subcategory' in one language. */
export function subcategoryPath(categoryName: Localized, subcategoryName: Localized, lang: Language): string {
  return `${categoryName[lang]} › ${subcategoryName[lang]}`;
}

export type SubcategoryOption = { value: string; label: string; openAccess: boolean };

/**
 * The subcategories a message code group can be for: enabled ones of enabled categories, as 'Category ›
 * Subcategory' in the order the categories page shows them.
 */
export function subcategoryOptions(categories: readonly Category[], lang: Language): SubcategoryOption[] {
  return categories
    .filter((c) => !c.isDisabled)
    .flatMap((c) =>
      (c.subcategories ?? [])
        .filter((s) => !s.isDisabled)
        .map((s) => ({ value: s.id, label: subcategoryPath(c.name, s.name, lang), openAccess: s.openAccess })),
    );
}
