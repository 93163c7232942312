import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Localized } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { experts, messageCategories, messageSubcategories, messageSubcategoryExperts, messagingExperts } from '../../db/schema';

export type CategoryRow = typeof messageCategories.$inferSelect;
export type SubcategoryRow = typeof messageSubcategories.$inferSelect;
type Fields = { name: Localized; openAccess: boolean; isDisabled: boolean };
/** A category's fields: a subcategory's, and when an answer comes (null: no promise). */
type CategoryFields = Fields & { answerPromise?: Localized | null };
/** `createdAt` orders the lists; rows made in one transaction share `now()`, so a seed sets it to keep its order. */
type Created = { createdAt?: Date };

/** The organisation's categories, oldest first (the order the admin made them in). */
export function categoriesOf(tx: Tx, organisationId: string): Promise<CategoryRow[]> {
  return tx
    .select()
    .from(messageCategories)
    .where(eq(messageCategories.organisationId, organisationId))
    .orderBy(asc(messageCategories.createdAt), asc(messageCategories.id));
}

export async function findCategory(tx: Tx, organisationId: string, id: string): Promise<CategoryRow | undefined> {
  const [row] = await tx
    .select()
    .from(messageCategories)
    .where(and(eq(messageCategories.organisationId, organisationId), eq(messageCategories.id, id)))
    .limit(1);
  return row;
}

export async function insertCategory(tx: Tx, organisationId: string, fields: CategoryFields & Created): Promise<string> {
  const [row] = await tx
    .insert(messageCategories)
    .values({ organisationId, ...fields })
    .returning({ id: messageCategories.id });
  return row!.id;
}

export async function updateCategory(tx: Tx, organisationId: string, id: string, fields: CategoryFields): Promise<boolean> {
  const rows = await tx
    .update(messageCategories)
    .set(fields)
    .where(and(eq(messageCategories.organisationId, organisationId), eq(messageCategories.id, id)))
    .returning({ id: messageCategories.id });
  return rows.length === 1;
}

/** The organisation's subcategories (of one category, when given), oldest first. */
export function subcategoriesOf(tx: Tx, organisationId: string, categoryId?: string): Promise<SubcategoryRow[]> {
  return tx
    .select()
    .from(messageSubcategories)
    .where(
      and(
        eq(messageSubcategories.organisationId, organisationId),
        categoryId === undefined ? undefined : eq(messageSubcategories.categoryId, categoryId),
      ),
    )
    .orderBy(asc(messageSubcategories.createdAt), asc(messageSubcategories.id));
}

export async function findSubcategory(tx: Tx, organisationId: string, id: string): Promise<SubcategoryRow | undefined> {
  const [row] = await tx
    .select()
    .from(messageSubcategories)
    .where(and(eq(messageSubcategories.organisationId, organisationId), eq(messageSubcategories.id, id)))
    .limit(1);
  return row;
}

export async function insertSubcategory(tx: Tx, organisationId: string, categoryId: string, fields: Fields & Created): Promise<string> {
  const [row] = await tx
    .insert(messageSubcategories)
    .values({ organisationId, categoryId, ...fields })
    .returning({ id: messageSubcategories.id });
  return row!.id;
}

export async function updateSubcategory(tx: Tx, organisationId: string, id: string, fields: Fields): Promise<boolean> {
  const rows = await tx
    .update(messageSubcategories)
    .set(fields)
    .where(and(eq(messageSubcategories.organisationId, organisationId), eq(messageSubcategories.id, id)))
    .returning({ id: messageSubcategories.id });
  return rows.length === 1;
}

/** Subcategory id → its assigned expert ids, for the given subcategories. */
export async function expertsBySubcategory(tx: Tx, subcategoryIds: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (subcategoryIds.length === 0) return map;
  const rows = await tx
    .select()
    .from(messageSubcategoryExperts)
    .where(inArray(messageSubcategoryExperts.subcategoryId, [...subcategoryIds]))
    .orderBy(asc(messageSubcategoryExperts.expertId));
  for (const r of rows) map.set(r.subcategoryId, [...(map.get(r.subcategoryId) ?? []), r.expertId]);
  return map;
}

/** Replaces a subcategory's assigned experts. */
export async function setSubcategoryExperts(tx: Tx, subcategoryId: string, expertIds: readonly string[]): Promise<void> {
  await tx.delete(messageSubcategoryExperts).where(eq(messageSubcategoryExperts.subcategoryId, subcategoryId));
  if (expertIds.length === 0) return;
  await tx.insert(messageSubcategoryExperts).values(expertIds.map((expertId) => ({ subcategoryId, expertId })));
}

/**
 * Which of `ids` are experts of the organisation who handle messages: the only ones a subcategory may name. Their
 * rows stay share-locked until the caller commits, so turning one's messaging off cannot slip in between the check
 * and the assignment (it waits, then removes the new assignment too).
 */
export async function assignableExperts(tx: Tx, organisationId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: experts.id })
    .from(experts)
    .innerJoin(messagingExperts, eq(messagingExperts.expertId, experts.id))
    .where(and(eq(experts.organisationId, organisationId), inArray(experts.id, [...ids])))
    .for('share');
  return new Set(rows.map((r) => r.id));
}

/** The subcategories the expert is assigned to. */
export async function subcategoryIdsOfExpert(tx: Tx, expertId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ id: messageSubcategoryExperts.subcategoryId })
    .from(messageSubcategoryExperts)
    .where(eq(messageSubcategoryExperts.expertId, expertId));
  return new Set(rows.map((r) => r.id));
}
