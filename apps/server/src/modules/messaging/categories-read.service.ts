import type { Category, MessageCodeTarget, Subcategory } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { ExpertContext } from '../../platform/access/route-access';
import { checkCode, useCode } from '../chat-codes/patient-chat-code.service';
import * as repo from './categories.repo';
import { expertCategories, patientCategories, patientMayWrite, toCategory, toSubcategory } from './category-rules';
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

/**
 * One subcategory as an expert reads it (`expert/async-messaging/subcategories/{id}`): only one assigned to the expert,
 * as in their category list, disabled or not (they still answer its requests), with its assigned experts. Else 404,
 * so an expert cannot tell another's subcategory from a missing one.
 */
export async function expertSubcategory(db: Db, caller: ExpertContext, id: string): Promise<Subcategory> {
  const { expertId, organisationId } = await messagingExpertOf(db, caller);
  const subcategory = await repo.findSubcategory(db, organisationId, id);
  if (!subcategory || !(await repo.subcategoryIdsOfExpert(db, expertId)).has(id)) throw new AppError(404);
  const experts = await repo.expertsBySubcategory(db, [id]);
  return toSubcategory(subcategory, experts.get(id) ?? []);
}

/**
 * A patient's message code (spec §5 'Message code', §8 201–204): a code of a group for a subcategory
 * (modules/chat-codes checks it and counts its uses), which opens that subcategory, restricted or not, for a new
 * message. What it opens is decided here: the code's subcategory, enabled, in an enabled category of the
 * organisation, and, when the caller names one, that very subcategory; anything else is 201 as an unknown code is.
 */
function openedByCode(tx: Tx, organisationId: string, only: string | null) {
  return async (subcategoryId: string) => {
    if (only !== null && subcategoryId !== only) return undefined;
    const subcategory = await repo.findSubcategory(tx, organisationId, subcategoryId);
    const category = subcategory && (await repo.findCategory(tx, organisationId, subcategory.categoryId));
    return subcategory && category && patientMayWrite(category, subcategory, true) ? { category, subcategory } : undefined;
  };
}

/** What the code opens, without using it (`message-code/validate/{code}`); the patient sees no expert ids. */
export async function validateMessageCode(tx: Tx, organisationId: string, typed: string, now = new Date()): Promise<MessageCodeTarget> {
  const { code, opened } = await checkCode(tx, organisationId, typed, 'subcategory', openedByCode(tx, organisationId, null), { now });
  return { code, category: toCategory(opened.category), subcategory: toSubcategory(opened.subcategory, []) };
}

/**
 * Checks the code and counts one use, under the code's row lock in the caller's transaction (the send of a new
 * message calls this inside its own). `subcategoryId`: the subcategory the message is written to, which must be the
 * one the code opens (else 201); null for `message-code/use/{code}`, which names none.
 */
export async function consumeMessageCode(
  tx: Tx,
  organisationId: string,
  typed: string,
  subcategoryId: string | null,
  now = new Date(),
): Promise<{ categoryId: string; subcategoryId: string }> {
  const { opened } = await useCode(tx, organisationId, typed, 'subcategory', openedByCode(tx, organisationId, subcategoryId), now);
  return { categoryId: opened.category.id, subcategoryId: opened.subcategory.id };
}
