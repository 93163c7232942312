import { and, asc, eq, sql } from 'drizzle-orm';
import type { PresenceStatus } from '@prsp/contracts';
import { rowsOf, type Tx } from '../../db/client';
import type { SeenBefore } from './presence';
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

/**
 * A heartbeat of one of the user's sockets: one statement, an upsert that also answers what the row said before (the
 * caller tells the organisation when that crosses a line: came online, went idle, came back). `active` also moves
 * the last use.
 */
export async function touchPresence(tx: Tx, userId: string, now: Date, active: boolean): Promise<SeenBefore> {
  const result = await tx.execute(sql`
    with before as (select last_seen_at, last_active_at from ${staffPresence} where user_id = ${userId})
    insert into ${staffPresence} (user_id, last_seen_at, last_active_at)
    values (${userId}, ${now.toISOString()}, ${active ? now.toISOString() : null})
    on conflict (user_id) do update set last_seen_at = excluded.last_seen_at,
      last_active_at = coalesce(excluded.last_active_at, ${staffPresence}.last_active_at)
    returning (select last_seen_at from before) as "lastSeenAt", (select last_active_at from before) as "lastActiveAt",
      (select count(*) from before)::int as "had"`);
  const [row] = rowsOf<{ lastSeenAt: Date | string | null; lastActiveAt: Date | string | null; had: number }>(result);
  if (!row || row.had === 0) return undefined;
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return { lastSeenAt: date(row.lastSeenAt), lastActiveAt: date(row.lastActiveAt) };
}

/** The organisations the user is an active expert of, with each one's idle minutes. */
export async function expertOrganisations(tx: Tx, userId: string): Promise<{ id: string; idleMinutes: number }[]> {
  return tx
    .select({ id: organisations.id, idleMinutes: organisations.presenceIdleMinutes })
    .from(experts)
    .innerJoin(organisations, eq(organisations.id, experts.organisationId))
    .where(eq(experts.userId, userId));
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
