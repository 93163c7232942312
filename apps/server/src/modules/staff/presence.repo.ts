import { and, asc, eq, sql } from 'drizzle-orm';
import type { PresenceStatus } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { chatChannels, chatQueues, experts, organisations, staffPresence, staffUsers } from '../../db/schema';

/** One expert of an organisation with what the presence rule needs (presence.ts `presenceState`). */
export type PresenceRow = {
  expertId: string;
  userId: string;
  first: string;
  last: string;
  chatQueueId: string;
  maxConcurrentChats: number | null;
  status: PresenceStatus | null;
  lastSeenAt: Date | null;
  lastActiveAt: Date | null;
  openChats: number;
  personalQueueIds: string[] | null;
};

/**
 * The organisation's active experts (one of them, when `userId` is given) with their presence row, the queue chats
 * they serve now (status active) and their personal queues: one statement.
 */
export async function presenceRows(tx: Tx, organisationId: string, userId?: string): Promise<PresenceRow[]> {
  return tx
    .select({
      expertId: experts.id,
      userId: experts.userId,
      first: staffUsers.firstName,
      last: staffUsers.lastName,
      chatQueueId: experts.chatQueueId,
      maxConcurrentChats: experts.maxConcurrentChats,
      status: staffPresence.status,
      lastSeenAt: staffPresence.lastSeenAt,
      lastActiveAt: staffPresence.lastActiveAt,
      openChats: sql<number>`(select count(*)::int from ${chatChannels} where ${chatChannels.expertId} = ${experts.id} and ${chatChannels.status} = 'active' and ${chatChannels.kind} = 'queue')`,
      personalQueueIds: sql<
        string[] | null
      >`(select array_agg(${chatQueues.id} order by ${chatQueues.id}) from ${chatQueues} where ${chatQueues.expertId} = ${experts.id})`,
    })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .leftJoin(staffPresence, eq(staffPresence.userId, experts.userId))
    .where(and(eq(experts.organisationId, organisationId), eq(staffUsers.active, true), userId ? eq(experts.userId, userId) : undefined))
    .orderBy(asc(staffUsers.lastName), asc(staffUsers.firstName), asc(experts.id));
}

/** The organisation's idle time in minutes (after which an expert who has not used the app counts as away). */
export async function idleMinutesOf(tx: Tx, organisationId: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ minutes: organisations.presenceIdleMinutes })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .limit(1);
  return row?.minutes;
}

/** A heartbeat of one of the user's sockets: one upsert; `active` also moves the last use. */
export async function touchPresence(tx: Tx, userId: string, now: Date, active: boolean): Promise<void> {
  await tx
    .insert(staffPresence)
    .values({ userId, lastSeenAt: now, lastActiveAt: active ? now : null })
    .onConflictDoUpdate({
      target: staffPresence.userId,
      set: active ? { lastSeenAt: now, lastActiveAt: now } : { lastSeenAt: now },
    });
}

/** The user's last socket closed: they are offline at once, not only after the heartbeat window. */
export async function clearSeen(tx: Tx, userId: string): Promise<void> {
  await tx.update(staffPresence).set({ lastSeenAt: null }).where(eq(staffPresence.userId, userId));
}

/** What the user chose (available, busy, away); choosing is using the app, so the last use moves too. */
export async function setStatus(tx: Tx, userId: string, status: PresenceStatus, now: Date): Promise<void> {
  await tx
    .insert(staffPresence)
    .values({ userId, status, statusChangedAt: now, lastActiveAt: now })
    .onConflictDoUpdate({ target: staffPresence.userId, set: { status, statusChangedAt: now, lastActiveAt: now } });
}

/** The organisations a user is an expert of (a presence change is told to each of them). */
export async function expertOrganisationIds(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx.select({ id: experts.organisationId }).from(experts).where(eq(experts.userId, userId));
  return rows.map((r) => r.id);
}
