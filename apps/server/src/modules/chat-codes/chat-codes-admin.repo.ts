import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chatCodeGroups, chatCodes, services } from '../../db/schema';

const groupColumns = {
  id: chatCodeGroups.id,
  name: chatCodeGroups.name,
  // The joined service's id: never null, where the group's column is null for message code groups.
  serviceId: services.id,
  serviceName: services.name,
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

/** The organisation's chat code groups, newest first, with their service's name and how many codes were used. */
export function listGroups(tx: Tx, organisationId: string) {
  return tx
    .select(groupColumns)
    .from(chatCodeGroups)
    .innerJoin(services, eq(services.id, chatCodeGroups.serviceId))
    .where(eq(chatCodeGroups.organisationId, organisationId))
    .orderBy(desc(chatCodeGroups.createdAt), asc(chatCodeGroups.id));
}
export type GroupRow = Awaited<ReturnType<typeof listGroups>>[number];

/** One group, only when it belongs to the organisation. */
export async function findGroup(tx: Tx, organisationId: string, id: string): Promise<GroupRow | undefined> {
  const [row] = await tx
    .select(groupColumns)
    .from(chatCodeGroups)
    .innerJoin(services, eq(services.id, chatCodeGroups.serviceId))
    .where(and(eq(chatCodeGroups.organisationId, organisationId), eq(chatCodeGroups.id, id)))
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

export async function updateGroup(tx: Tx, organisationId: string, id: string, values: { name: string; usesPerCode: number }) {
  const rows = await tx
    .update(chatCodeGroups)
    .set(values)
    .where(and(eq(chatCodeGroups.organisationId, organisationId), eq(chatCodeGroups.id, id), isNotNull(chatCodeGroups.serviceId)))
    .returning({ id: chatCodeGroups.id });
  return rows.length === 1;
}

export async function deleteGroup(tx: Tx, organisationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(chatCodeGroups)
    .where(and(eq(chatCodeGroups.organisationId, organisationId), eq(chatCodeGroups.id, id), isNotNull(chatCodeGroups.serviceId)))
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

export async function serviceOfOrganisation(tx: Tx, organisationId: string, serviceId: string) {
  const [row] = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.organisationId, organisationId), eq(services.id, serviceId)))
    .limit(1);
  return row;
}

/** The services a chat code group can be for, for the chat code modal. */
export function servicesForCodes(tx: Tx, organisationId: string) {
  return tx
    .select({ id: services.id, name: services.name, requiresCode: services.requiresCode })
    .from(services)
    .where(eq(services.organisationId, organisationId))
    .orderBy(asc(services.position), asc(services.createdAt), asc(services.id));
}
