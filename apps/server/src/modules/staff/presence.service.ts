import type { ExpertPresence, PresenceStatus } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import type { ExpertContext } from '../../platform/access/route-access';
import { AppError } from '../../platform/app-error';
import { heartbeatChanges, isOnDuty, presenceState } from './presence';
import * as repo from './presence.repo';
import { idleMinutesOf, presenceRows, type PresenceRow } from './presence.repo';
import { expertOfSession } from './session-expert.service';

export { isOnDuty, presenceState } from './presence';

function toPresence(row: PresenceRow, idleMinutes: number, now: Date): ExpertPresence {
  // An expert made with a personal queue only has no service queue ('').
  const queueIds = [...new Set([row.chatQueueId, ...(row.personalQueueIds ?? [])])].filter((id) => id !== '');
  return {
    expertId: row.expertId,
    userId: row.userId,
    name: `${row.first} ${row.last}`,
    state: presenceState(row, idleMinutes, now),
    status: row.status ?? 'available',
    openChats: row.openChats,
    maxConcurrentChats: row.maxConcurrentChats,
    queueIds,
  };
}

/**
 * Every active expert of the organisation and their presence now (presence.ts `presenceState`), with their open queue
 * chats and the queues they serve. Read fresh from the database: two statements. The queue board and the admission
 * of a patient build on this; its shape (contracts `ExpertPresence`) stays stable.
 */
export async function organisationPresence(tx: Tx, organisationId: string, now = new Date()): Promise<ExpertPresence[]> {
  // One after the other: `tx` may be a transaction's one connection, which runs one query at a time (pg deprecates queuing them).
  const idleMinutes = await idleMinutesOf(tx, organisationId);
  const rows = await presenceRows(tx, organisationId);
  return rows.map((row) => toPresence(row, idleMinutes ?? 15, now));
}

/** One expert's presence in the organisation (undefined when they are no active expert there). */
export async function expertPresence(
  tx: Tx,
  organisationId: string,
  userId: string,
  now = new Date(),
): Promise<ExpertPresence | undefined> {
  const idleMinutes = await idleMinutesOf(tx, organisationId);
  const [row] = await presenceRows(tx, organisationId, userId);
  return row && toPresence(row, idleMinutes ?? 15, now);
}

/** How many of the experts serving each queue are on duty now (online, not away): queue id → count. */
export function onDutyByQueue(presence: ExpertPresence[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of presence) if (isOnDuty(p.state)) for (const q of p.queueIds) counts.set(q, (counts.get(q) ?? 0) + 1);
  return counts;
}

/** Tells who listens that a user's presence may have changed in these organisations (after the change committed). */
export type PresenceNotice = (userId: string, organisationIds: string[]) => void;

/** The caller's own presence in the organisation their session works in (403 when they are no expert there). */
export async function ownPresence(db: Db, ctx: ExpertContext, now = new Date()): Promise<ExpertPresence> {
  const me = await expertOfSession(db, ctx);
  const presence = await expertPresence(db, me.organisationId, me.userId, now);
  if (!presence) throw new AppError(404, { detail: 'no active expert row' });
  return presence;
}

/**
 * The expert chooses available, busy or away (one choice across their organisations, as the row is per person), and
 * every organisation of theirs is told. Not audited: presence is no personal data of patients and changes all day.
 */
export async function choosePresence(
  db: Db,
  ctx: ExpertContext,
  status: PresenceStatus,
  notice: PresenceNotice,
  now = new Date(),
): Promise<ExpertPresence> {
  const me = await expertOfSession(db, ctx);
  await repo.setStatus(db, me.userId, status, now);
  notice(
    me.userId,
    (await repo.expertOrganisations(db, me.userId)).map((o) => o.id),
  );
  return ownPresence(db, ctx, now);
}

/**
 * A heartbeat of one of the user's sockets (one upsert), and the organisations in which it changed their state
 * (presence.ts `heartbeatChanges`). Their organisations and idle minutes come from `organisationsOf`, which the
 * socket keeps for a while, so a heartbeat that changes nothing costs that one statement.
 */
export async function heartbeat(
  db: Db,
  userId: string,
  active: boolean,
  organisationsOf: () => Promise<{ id: string; idleMinutes: number }[]>,
  now = new Date(),
): Promise<string[]> {
  const before = await repo.touchPresence(db, userId, now, active);
  return heartbeatChanges(before, await organisationsOf(), now, active);
}

/** The user's organisations with their idle minutes (for the socket to keep). */
export const organisationsOfExpert = (db: Db, userId: string) => repo.expertOrganisations(db, userId);

/** The user's last socket closed: offline now; the organisations they work in, to be told. */
export async function wentOffline(db: Db, userId: string): Promise<string[]> {
  await repo.clearSeen(db, userId);
  return (await repo.expertOrganisations(db, userId)).map((o) => o.id);
}
