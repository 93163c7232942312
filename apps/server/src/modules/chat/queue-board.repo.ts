import { and, asc, eq, gte, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chatChannels, chatQueues, experts } from '../../db/schema';

/** One queue's figures as the database counts them (queue-board.service.ts adds who serves it). */
export type QueueFigures = {
  id: string;
  name: string;
  personal: boolean;
  waiting: number;
  urgentWaiting: number;
  oldestQueuedAt: Date | string | null;
  inProgress: number;
  handledToday: number;
  abandonedToday: number;
};

const ended = sql`${chatChannels.status} = 'ended'`;
/** Ended within [from, until): the day the board counts. */
const endedWithin = (from: Date, until: Date) =>
  sql`${ended} and ${chatChannels.endedAt} >= ${from.toISOString()}::timestamptz and ${chatChannels.endedAt} < ${until.toISOString()}::timestamptz`;

/**
 * Every queue of the organisation with its figures, in one statement: who waits (and the oldest of them, the urgent
 * ones), chats in progress, and the chats that ended within [from, until) taken (handled) or never taken (abandoned).
 * Channels that ended before `from` are left out of the join, so the statement reads the live ones and the day's.
 */
export async function queueFigures(tx: Tx, organisationId: string, from: Date, until: Date): Promise<QueueFigures[]> {
  const count = (where: ReturnType<typeof sql>) => sql<number>`(count(${chatChannels.id}) filter (where ${where}))::int`;
  return tx
    .select({
      id: chatQueues.id,
      name: chatQueues.name,
      personal: sql<boolean>`${chatQueues.expertId} is not null`,
      waiting: count(sql`${chatChannels.status} = 'waiting'`),
      urgentWaiting: count(sql`${chatChannels.status} = 'waiting' and ${chatChannels.urgency} in ('emergency', 'urgent')`),
      oldestQueuedAt: sql<Date | string | null>`min(${chatChannels.queuedAt}) filter (where ${chatChannels.status} = 'waiting')`,
      inProgress: count(sql`${chatChannels.status} = 'active'`),
      handledToday: count(sql`${endedWithin(from, until)} and ${chatChannels.acceptedAt} is not null`),
      abandonedToday: count(sql`${endedWithin(from, until)} and ${chatChannels.acceptedAt} is null`),
    })
    .from(chatQueues)
    .leftJoin(
      chatChannels,
      and(
        eq(chatChannels.queueId, chatQueues.id),
        eq(chatChannels.organisationId, organisationId),
        or(ne(chatChannels.status, 'ended'), and(isNotNull(chatChannels.endedAt), gte(chatChannels.endedAt, from))),
      ),
    )
    .where(eq(chatQueues.organisationId, organisationId))
    .groupBy(chatQueues.id)
    .orderBy(sql`${chatQueues.expertId} is not null`, asc(chatQueues.name), asc(chatQueues.id));
}

/** The organisation of a queue (queues never move between organisations, so callers may keep the answer). */
export async function organisationOfQueue(tx: Tx, queueId: string): Promise<string | undefined> {
  const [row] = await tx.select({ organisationId: chatQueues.organisationId }).from(chatQueues).where(eq(chatQueues.id, queueId)).limit(1);
  return row?.organisationId;
}

/** Whether the staff user is an expert of the organisation who leads a shift (`experts.shift_lead`). */
export async function isShiftLead(tx: Tx, userId: string, organisationId: string): Promise<boolean> {
  const [row] = await tx
    .select({ lead: experts.shiftLead })
    .from(experts)
    .where(and(eq(experts.userId, userId), eq(experts.organisationId, organisationId)))
    .limit(1);
  return row?.lead === true;
}
