import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chatCodeGroups, chatCodes, messageCategories, messageSubcategories, services } from '../../db/schema';
import type { CodeTarget, CodeTargetKind } from './chat-code-state';

/**
 * Code groups of both targets, one table: `chat_code_groups` with `service_id` (chat codes) or `subcategory_id`
 * (message codes). Every query of a group names the target kind it is for, so a route of one kind never reaches a
 * group of the other. A subcategory and its category are messaging's tables, read here through db/schema only, for
 * their names and to check a new group's subcategory is the organisation's.
 */
const groupColumns = {
  id: chatCodeGroups.id,
  name: chatCodeGroups.name,
  serviceId: chatCodeGroups.serviceId,
  serviceName: services.name,
  subcategoryId: chatCodeGroups.subcategoryId,
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

const ofKind = (kind: CodeTargetKind) => isNotNull(kind === 'service' ? chatCodeGroups.serviceId : chatCodeGroups.subcategoryId);
const groupOf = (organisationId: string, kind: CodeTargetKind, id: string) =>
  and(eq(chatCodeGroups.organisationId, organisationId), eq(chatCodeGroups.id, id), ofKind(kind));

function groups(tx: Tx) {
  return tx
    .select(groupColumns)
    .from(chatCodeGroups)
    .leftJoin(services, eq(services.id, chatCodeGroups.serviceId))
    .leftJoin(messageSubcategories, eq(messageSubcategories.id, chatCodeGroups.subcategoryId))
    .leftJoin(messageCategories, eq(messageCategories.id, messageSubcategories.categoryId));
}

/** The organisation's groups of one target kind, newest first, with their target's names and how many codes were used. */
export function listGroups(tx: Tx, organisationId: string, kind: CodeTargetKind) {
  return groups(tx)
    .where(and(eq(chatCodeGroups.organisationId, organisationId), ofKind(kind)))
    .orderBy(desc(chatCodeGroups.createdAt), asc(chatCodeGroups.id));
}
export type GroupRow = Awaited<ReturnType<typeof listGroups>>[number];

/** One group, only when it belongs to the organisation and is of the kind. */
export async function findGroup(tx: Tx, organisationId: string, kind: CodeTargetKind, id: string): Promise<GroupRow | undefined> {
  const [row] = await groups(tx)
    .where(groupOf(organisationId, kind, id))
    .limit(1);
  return row;
}

export async function insertGroup(tx: Tx, row: typeof chatCodeGroups.$inferInsert): Promise<string> {
  const [created] = await tx.insert(chatCodeGroups).values(row).returning({ id: chatCodeGroups.id });
  return created!.id;
}

/** Inserts the codes that are still free across all groups; returns how many went in. */
export async function insertFreeCodes(tx: Tx, groupId: string, codes: string[]): Promise<number> {
  if (codes.length === 0) return 0;
  const rows = await tx
    .insert(chatCodes)
    .values(codes.map((code) => ({ groupId, code })))
    .onConflictDoNothing({ target: chatCodes.code })
    .returning({ id: chatCodes.id });
  return rows.length;
}

export async function updateGroup(
  tx: Tx,
  organisationId: string,
  kind: CodeTargetKind,
  id: string,
  values: Partial<
    Pick<typeof chatCodeGroups.$inferInsert, 'name' | 'usesPerCode' | 'serviceId' | 'subcategoryId' | 'startsAt' | 'expiresAt'>
  >,
): Promise<boolean> {
  const rows = await tx
    .update(chatCodeGroups)
    .set(values)
    .where(groupOf(organisationId, kind, id))
    .returning({ id: chatCodeGroups.id });
  return rows.length === 1;
}

export async function deleteGroup(tx: Tx, organisationId: string, kind: CodeTargetKind, id: string): Promise<boolean> {
  const rows = await tx
    .delete(chatCodeGroups)
    .where(groupOf(organisationId, kind, id))
    .returning({ id: chatCodeGroups.id });
  return rows.length === 1;
}

export function codesOfGroup(tx: Tx, groupId: string) {
  return tx
    .select({ code: chatCodes.code, useCount: chatCodes.useCount })
    .from(chatCodes)
    .where(eq(chatCodes.groupId, groupId))
    .orderBy(asc(chatCodes.code));
}

/** Whether the target is the organisation's own service or subcategory. */
export async function isTargetOfOrganisation(tx: Tx, organisationId: string, target: CodeTarget): Promise<boolean> {
  const [row] =
    target.kind === 'service'
      ? await tx
          .select({ id: services.id })
          .from(services)
          .where(and(eq(services.organisationId, organisationId), eq(services.id, target.serviceId)))
          .limit(1)
      : await tx
          .select({ id: messageSubcategories.id })
          .from(messageSubcategories)
          .where(and(eq(messageSubcategories.organisationId, organisationId), eq(messageSubcategories.id, target.subcategoryId)))
          .limit(1);
  return row !== undefined;
}

/** The services a chat code group can be for, for the chat code modal. */
export function servicesForCodes(tx: Tx, organisationId: string) {
  return tx
    .select({ id: services.id, name: services.name, requiresCode: services.requiresCode })
    .from(services)
    .where(eq(services.organisationId, organisationId))
    .orderBy(asc(services.position), asc(services.createdAt), asc(services.id));
}
