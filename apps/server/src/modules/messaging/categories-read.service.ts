import type { Category, Subcategory } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { ExpertContext } from '../../platform/access/route-access';
import * as repo from './categories.repo';
import { expertCategories, patientCategories, patientMayWrite, toSubcategory } from './category-rules';
import { validateMessageCode } from './message-code-use';
import { messagingExpertOf } from './messaging-experts.service';

/** The categories patients and experts read (spec §7 `{app}/async-messaging/categories`, `subcategories/{id}`). */

const withoutSubcategories = ({ subcategories: _, ...category }: Category): Category => category;

/** A patient's choice for a new message: the enabled open categories with their enabled open subcategories. */
export async function patientCategoryList(db: Db, organisationId: string, includeSubcategories: boolean): Promise<Category[]> {
  const categories = await repo.categoriesOf(db, organisationId);
  const subcategories = includeSubcategories ? await repo.subcategoriesOf(db, organisationId) : [];
  const visible = patientCategories(categories, subcategories);
  return includeSubcategories ? visible : visible.map(withoutSubcategories);
}

/**
 * One subcategory a patient may write to: enabled, in an enabled category, and open, or restricted when
 * `messageCode` opens exactly this subcategory (the code's own refusals 201–204 answer as they are). Else 404.
 */
export async function patientSubcategory(db: Db, organisationId: string, id: string, messageCode?: string): Promise<Subcategory> {
  const subcategory = await repo.findSubcategory(db, organisationId, id);
  const category = subcategory && (await repo.findCategory(db, organisationId, subcategory.categoryId));
  if (!subcategory || !category) throw new AppError(404);
  const viaCode = messageCode ? (await validateMessageCode(db, organisationId, messageCode)).subcategory.id === id : false;
  if (!patientMayWrite(category, subcategory, viaCode)) throw new AppError(404);
  return toSubcategory(subcategory, []);
}

/** An expert's categories: those with a subcategory assigned to them, with those subcategories. */
export async function expertCategoryList(db: Db, caller: ExpertContext, includeSubcategories: boolean): Promise<Category[]> {
  const { expertId, organisationId } = await messagingExpertOf(db, caller);
  const assigned = await repo.subcategoryIdsOfExpert(db, expertId);
  if (assigned.size === 0) return [];
  const [categories, subcategories] = [await repo.categoriesOf(db, organisationId), await repo.subcategoriesOf(db, organisationId)];
  const experts = await repo.expertsBySubcategory(db, [...assigned]);
  const visible = expertCategories(categories, subcategories, assigned, experts);
  return includeSubcategories ? visible : visible.map(withoutSubcategories);
}
