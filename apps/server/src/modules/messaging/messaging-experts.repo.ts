import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { experts, messageSubcategoryExperts, messagingExperts, staffUsers } from '../../db/schema';
import { containsPattern } from '../../platform/like-pattern';

function nameOrEmailContains(search: string) {
  const pattern = containsPattern(search);
  return or(ilike(sql`${staffUsers.firstName} || ' ' || ${staffUsers.lastName}`, pattern), ilike(staffUsers.email, pattern));
}

export type ExpertFilter = { searchQuery?: string; specialization?: string; onlyHandling: boolean };

/**
 * The organisation's experts by last and first name, with whether each handles messages; `searchQuery` matches the
 * name or e-mail, `specialization` one of the expert's specialization ids.
 */
export function expertsOfOrganisation(tx: Tx, organisationId: string, filter: ExpertFilter) {
  return tx
    .select({
      id: experts.id,
      firstName: staffUsers.firstName,
      lastName: staffUsers.lastName,
      specializations: experts.specializations,
      handlesMessages: sql<boolean>`${messagingExperts.expertId} is not null`.mapWith(Boolean),
    })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .leftJoin(messagingExperts, eq(messagingExperts.expertId, experts.id))
    .where(
      and(
        eq(experts.organisationId, organisationId),
        filter.searchQuery ? nameOrEmailContains(filter.searchQuery) : undefined,
        filter.specialization ? sql`${experts.specializations} @> ${JSON.stringify([filter.specialization])}::jsonb` : undefined,
        filter.onlyHandling ? sql`${messagingExperts.expertId} is not null` : undefined,
      ),
    )
    .orderBy(asc(staffUsers.lastName), asc(staffUsers.firstName), asc(experts.id));
}
export type MessagingExpertRow = Awaited<ReturnType<typeof expertsOfOrganisation>>[number];

export async function findExpert(tx: Tx, organisationId: string, id: string) {
  const [row] = await tx
    .select({ id: experts.id })
    .from(experts)
    .where(and(eq(experts.organisationId, organisationId), eq(experts.id, id)))
    .limit(1);
  return row;
}

export async function startHandling(tx: Tx, expertId: string): Promise<void> {
  await tx.insert(messagingExperts).values({ expertId }).onConflictDoNothing();
}

/** Stops the expert handling messages and takes them off every subcategory. */
export async function stopHandling(tx: Tx, expertId: string): Promise<void> {
  await tx.delete(messagingExperts).where(eq(messagingExperts.expertId, expertId));
  await tx.delete(messageSubcategoryExperts).where(eq(messageSubcategoryExperts.expertId, expertId));
}

/** The signed-in user's expert rows. */
export function expertRowsOfUser(tx: Tx, userId: string) {
  return tx
    .select({ id: experts.id, organisationId: experts.organisationId })
    .from(experts)
    .where(eq(experts.userId, userId))
    .orderBy(asc(experts.createdAt), asc(experts.id));
}
