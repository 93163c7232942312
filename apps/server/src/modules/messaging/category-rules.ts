import type { AnswerPromiseInput, Category, Localized, Subcategory } from '@prsp/contracts';
import type { FieldIssue } from '../../platform/field-errors';
import type { CategoryRow, SubcategoryRow } from './categories.repo';

/**
 * Who sees which categories and may write to which subcategory (spec §3 'Category', 'Subcategory'; §4 disabling;
 * §6 'Admin-only: manage categories and subcategories'). Pure, so every combination is tested without a database.
 */

type Flags = Pick<CategoryRow, 'openAccess' | 'isDisabled'>;

export function toSubcategory(row: SubcategoryRow, addedExperts: readonly string[]): Subcategory {
  return {
    id: row.id,
    categoryId: row.categoryId,
    name: row.name,
    openAccess: row.openAccess,
    isDisabled: row.isDisabled,
    addedExperts: [...addedExperts],
  };
}

export function toCategory(row: CategoryRow, subcategories?: Subcategory[]): Category {
  const category: Category = {
    id: row.id,
    name: row.name,
    openAccess: row.openAccess,
    isDisabled: row.isDisabled,
    answerPromise: row.answerPromise ?? null,
  };
  return subcategories === undefined ? category : { ...category, subcategories };
}

/**
 * Whether a patient may write to the subcategory: both it and its category enabled, and both open, unless a message
 * code opened it (a code reaches a restricted category or subcategory, never a disabled one).
 */
export function patientMayWrite(category: Flags, subcategory: Flags, viaCode: boolean): boolean {
  if (category.isDisabled || subcategory.isDisabled) return false;
  return viaCode || (category.openAccess && subcategory.openAccess);
}

/**
 * A patient's list: the enabled open categories, with their enabled open subcategories. The assigned experts are
 * the organisation's business, not the patient's: their ids are left out.
 */
export function patientCategories(categories: readonly CategoryRow[], subcategories: readonly SubcategoryRow[]): Category[] {
  return categories
    .filter((c) => !c.isDisabled && c.openAccess)
    .map((c) =>
      toCategory(
        c,
        subcategories.filter((s) => s.categoryId === c.id && patientMayWrite(c, s, false)).map((s) => toSubcategory(s, [])),
      ),
    );
}

/**
 * An expert's list: the categories with a subcategory assigned to the expert, each with those subcategories only.
 * Disabled ones stay: the expert still answers the requests written before the admin disabled them.
 */
export function expertCategories(
  categories: readonly CategoryRow[],
  subcategories: readonly SubcategoryRow[],
  assigned: ReadonlySet<string>,
  expertsOf: ReadonlyMap<string, readonly string[]>,
): Category[] {
  return categories.flatMap((c) => {
    const own = subcategories.filter((s) => s.categoryId === c.id && assigned.has(s.id));
    return own.length === 0
      ? []
      : [
          toCategory(
            c,
            own.map((s) => toSubcategory(s, expertsOf.get(s.id) ?? [])),
          ),
        ];
  });
}

/** A subcategory may name only experts of its organisation who handle messages; each other id is a field error. */
export function addedExpertIssues(ids: readonly string[], assignable: ReadonlySet<string>): FieldIssue[] {
  return ids.flatMap((id, i) => (assignable.has(id) ? [] : [{ field: `addedExperts.${i}`, key: 'invalid' as const }]));
}

/**
 * The answer promise an admin typed (issue 29): blank in every language is none (null); given in some languages, the
 * blank ones are `required`, as a category's name is, so a patient in any language reads the same promise. Left out
 * of the input (undefined): the stored one stays.
 */
export function answerPromiseOf(input: AnswerPromiseInput | null | undefined): {
  promise: Localized | null | undefined;
  issues: FieldIssue[];
} {
  if (input === undefined) return { promise: undefined, issues: [] };
  if (input === null) return { promise: null, issues: [] };
  const langs = ['fi', 'se', 'en'] as const;
  const blank = langs.filter((l) => input[l].trim() === '');
  if (blank.length === langs.length) return { promise: null, issues: [] };
  const issues = blank.map((l) => ({ field: `answerPromise.${l}`, key: 'required' as const }));
  return { promise: { fi: input.fi.trim(), se: input.se.trim(), en: input.en.trim() }, issues };
}
