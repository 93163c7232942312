import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { ScoreType } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { chatFeedback, experts, services, staffUsers } from '../../db/schema';

/** The figures one group of scores (one service or expert, one score type) is summed into by the database. */
export type ScoreAggregate = { scoreType: ScoreType; count: number; sum: number; promoters: number; detractors: number };
export type ServiceAggregate = ScoreAggregate & { serviceId: string | null };
export type ExpertAggregate = ScoreAggregate & { expertId: string | null };

/** The organisation's feedback given at or after `from` and before `until`. */
const within = (organisationId: string, from: Date, until: Date) =>
  and(eq(chatFeedback.organisationId, organisationId), gte(chatFeedback.createdAt, from), lt(chatFeedback.createdAt, until));

// Counted in the database, so a year of feedback is a few rows here, not every score.
const figures = {
  scoreType: chatFeedback.scoreType,
  count: sql<number>`count(*)::int`,
  sum: sql<number>`coalesce(sum(${chatFeedback.score}), 0)::int`,
  promoters: sql<number>`(count(*) filter (where ${chatFeedback.score} >= 9))::int`,
  detractors: sql<number>`(count(*) filter (where ${chatFeedback.score} <= 6))::int`,
};

export function feedbackByService(tx: Tx, organisationId: string, from: Date, until: Date): Promise<ServiceAggregate[]> {
  return tx
    .select({ serviceId: chatFeedback.serviceId, ...figures })
    .from(chatFeedback)
    .where(within(organisationId, from, until))
    .groupBy(chatFeedback.serviceId, chatFeedback.scoreType);
}

export function feedbackByExpert(tx: Tx, organisationId: string, from: Date, until: Date): Promise<ExpertAggregate[]> {
  return tx
    .select({ expertId: chatFeedback.expertId, ...figures })
    .from(chatFeedback)
    .where(within(organisationId, from, until))
    .groupBy(chatFeedback.expertId, chatFeedback.scoreType);
}

/** Names and list places of the organisation's services among `ids`. */
export async function serviceNames(tx: Tx, organisationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: services.id, name: services.name, position: services.position })
    .from(services)
    .where(and(eq(services.organisationId, organisationId), inArray(services.id, ids)));
}

/** Names of the organisation's experts among `ids`, from their staff accounts. */
export async function expertNames(tx: Tx, organisationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: experts.id, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(and(eq(experts.organisationId, organisationId), inArray(experts.id, ids)));
}
