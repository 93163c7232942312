import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chatCodeGroups, chatCodes, messageCategories, messageSubcategories } from '../../db/schema';

/**
 * Message code groups: chat code groups for a subcategory instead of a service (`subcategory_id` set, `service_id`
 * null). Every query here joins the subcategory, so a chat code group (no subcategory) is never one of these.
 */
const groupColumns = {
  id: chatCodeGroups.id,
  name: chatCodeGroups.name,
  subcategoryId: messageSubcategories.id,
  categoryName: messageCategories.name,
  subcategoryName: messageSubcategories.name,
  totalCodes: chatCodeGroups.totalCodes,
  usesPerCode: chatCodeGroups.usesPerCode,
  startsAt: chatCodeGroups.startsAt,
  expiresAt: chatCodeGroups.expiresAt,
  createdAt: chatCodeGroups.createdAt,
  usedCodes:
    sql<number>`(select count(*) from ${chatCodes} where ${chatCodes.groupId} = ${chatCodeGroups.id} and ${chatCodes.useCount} > 0)`.mapWith(
      Number,
    ),
};

function groupsOf(tx: Tx) {
  return tx
    .select(groupColumns)
    .from(chatCodeGroups)
    .innerJoin(messageSubcategories, eq(messageSubcategories.id, chatCodeGroups.subcategoryId))
    .innerJoin(messageCategories, eq(messageCategories.id, messageSubcategories.categoryId));
}

/** The organisation's message code groups, newest first, with their category and subcategory names and use counts. */
export function listGroups(tx: Tx, organisationId: string) {
  return groupsOf(tx)
    .where(eq(chatCodeGroups.organisationId, organisationId))
    .orderBy(desc(chatCodeGroups.createdAt), asc(chatCodeGroups.id));
}
export type GroupRow = Awaited<ReturnType<typeof listGroups>>[number];

export async function findGroup(tx: Tx, organisationId: string, id: string): Promise<GroupRow | undefined> {
  const [row] = await groupsOf(tx)
    .where(and(eq(chatCodeGroups.organisationId, organisationId), eq(chatCodeGroups.id, id)))
    .limit(1);
  return row;
}

const isMessageGroup = (organisationId: string, id: string) =>
  and(eq(chatCodeGroups.organisationId, organisationId), eq(chatCodeGroups.id, id), isNotNull(chatCodeGroups.subcategoryId));

export async function updateGroup(tx: Tx, organisationId: string, id: string, values: { name: string; usesPerCode: number }) {
  const rows = await tx.update(chatCodeGroups).set(values).where(isMessageGroup(organisationId, id)).returning({ id: chatCodeGroups.id });
  return rows.length === 1;
}

export async function deleteGroup(tx: Tx, organisationId: string, id: string): Promise<boolean> {
  const rows = await tx.delete(chatCodeGroups).where(isMessageGroup(organisationId, id)).returning({ id: chatCodeGroups.id });
  return rows.length === 1;
}

/**
 * A message code with its group's terms, its subcategory and its category, only if all belong to the organisation.
 * `lock` takes the code's row lock (FOR UPDATE OF chat_codes) until the caller's transaction ends.
 */
export async function findCode(tx: Tx, organisationId: string, code: string, lock = false) {
  const query = tx
    .select({
      codeId: chatCodes.id,
      useCount: chatCodes.useCount,
      startsAt: chatCodeGroups.startsAt,
      expiresAt: chatCodeGroups.expiresAt,
      usesPerCode: chatCodeGroups.usesPerCode,
      subcategory: messageSubcategories,
      category: messageCategories,
    })
    .from(chatCodes)
    .innerJoin(chatCodeGroups, eq(chatCodeGroups.id, chatCodes.groupId))
    .innerJoin(messageSubcategories, eq(messageSubcategories.id, chatCodeGroups.subcategoryId))
    .innerJoin(messageCategories, eq(messageCategories.id, messageSubcategories.categoryId))
    .where(
      and(
        eq(chatCodes.code, code),
        eq(chatCodeGroups.organisationId, organisationId),
        eq(messageSubcategories.organisationId, organisationId),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: chatCodes }) : await query;
  return row;
}

export async function insertGroup(tx: Tx, row: typeof chatCodeGroups.$inferInsert): Promise<string> {
  const [created] = await tx.insert(chatCodeGroups).values(row).returning({ id: chatCodeGroups.id });
  return created!.id;
}

export function codesOfGroup(tx: Tx, groupId: string) {
  return tx
    .select({ code: chatCodes.code, useCount: chatCodes.useCount })
    .from(chatCodes)
    .where(eq(chatCodes.groupId, groupId))
    .orderBy(asc(chatCodes.code));
}

export async function countUse(tx: Tx, codeId: string): Promise<void> {
  await tx
    .update(chatCodes)
    .set({ useCount: sql`${chatCodes.useCount} + 1` })
    .where(eq(chatCodes.id, codeId));
}
