import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { ChatQueue } from '@prsp/contracts';
import { chatQueues, experts, organisations, specializations, staffUsers } from '../../db/schema';
import { staffMatching, type Paging } from './staff-users.repo';

export type ExpertRow = typeof experts.$inferSelect;

/** The organisation's chat queues (read from the chat's table), for the expert form. */
export function organisationQueues(tx: Tx, organisationId: string): Promise<ChatQueue[]> {
  return tx
    .select({ id: chatQueues.id, name: chatQueues.name, expertId: chatQueues.expertId })
    .from(chatQueues)
    .where(eq(chatQueues.organisationId, organisationId))
    .orderBy(asc(chatQueues.name), asc(chatQueues.id));
}

/** True when `queueId` is a queue of the organisation (spec §5 'valid queue id'). */
export async function isOrganisationQueue(tx: Tx, organisationId: string, queueId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: chatQueues.id })
    .from(chatQueues)
    .where(and(eq(chatQueues.organisationId, organisationId), eq(chatQueues.id, queueId)))
    .limit(1);
  return row !== undefined;
}

/** The personal queue of each of the experts that has one (a queue carrying the expert), by expert id. */
export async function personalQueues(tx: Tx, expertIds: string[]): Promise<Map<string, string>> {
  if (expertIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: chatQueues.id, expertId: chatQueues.expertId })
    .from(chatQueues)
    .where(inArray(chatQueues.expertId, expertIds))
    .orderBy(asc(chatQueues.id));
  return new Map(rows.map((r) => [r.expertId!, r.id]));
}

/** The organisation's slug, which names its new chat queues. */
export async function organisationSlug(tx: Tx, organisationId: string): Promise<string | undefined> {
  const [row] = await tx.select({ slug: organisations.slug }).from(organisations).where(eq(organisations.id, organisationId)).limit(1);
  return row?.slug;
}
export type ExpertWithUser = { expert: ExpertRow; user: typeof staffUsers.$inferSelect };

/** A page of the organisation's experts with their staff user, by last and first name. */
export async function pageOfExperts(tx: Tx, organisationId: string, paging: Paging): Promise<{ total: number; rows: ExpertWithUser[] }> {
  const where = and(eq(experts.organisationId, organisationId), staffMatching(paging.search));
  const [total] = await tx.select({ n: count() }).from(experts).innerJoin(staffUsers, eq(staffUsers.id, experts.userId)).where(where);
  const rows = await tx
    .select({ expert: experts, user: staffUsers })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(where)
    .orderBy(asc(staffUsers.lastName), asc(staffUsers.firstName), asc(experts.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return { total: total?.n ?? 0, rows };
}

/** One expert, only when they work for the organisation. */
export async function findExpert(tx: Tx, organisationId: string, id: string): Promise<ExpertWithUser | undefined> {
  const [row] = await tx
    .select({ expert: experts, user: staffUsers })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(and(eq(experts.organisationId, organisationId), eq(experts.id, id)))
    .limit(1);
  return row;
}

export async function isExpertAnywhere(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(experts).where(eq(experts.userId, userId));
  return (row?.n ?? 0) > 0;
}

/** Which of `ids` are known specializations. */
export async function knownSpecializations(tx: Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: specializations.id }).from(specializations).where(inArray(specializations.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function insertExpert(tx: Tx, row: typeof experts.$inferInsert): Promise<ExpertRow> {
  const [created] = await tx.insert(experts).values(row).returning();
  return created!;
}

export async function updateExpert(
  tx: Tx,
  id: string,
  values: Partial<Pick<ExpertRow, 'specializations' | 'communicationLanguage' | 'chatQueueId' | 'maxConcurrentChats' | 'shiftLead'>>,
): Promise<void> {
  await tx.update(experts).set(values).where(eq(experts.id, id));
}

export async function updateExpertUser(
  tx: Tx,
  userId: string,
  values: { firstName: string; lastName: string; email: string; language: 'fi' | 'sv' | 'en' },
): Promise<void> {
  await tx.update(staffUsers).set(values).where(eq(staffUsers.id, userId));
}

export async function deleteExpert(tx: Tx, id: string): Promise<void> {
  await tx.delete(experts).where(eq(experts.id, id));
}
