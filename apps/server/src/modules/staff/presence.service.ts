import type { ExpertPresence } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { isOnDuty, presenceState } from './presence';
import { idleMinutesOf, presenceRows, type PresenceRow } from './presence.repo';

export { isOnDuty, presenceState } from './presence';

function toPresence(row: PresenceRow, idleMinutes: number, now: Date): ExpertPresence {
  const queueIds = [...new Set([row.chatQueueId, ...(row.personalQueueIds ?? [])])];
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
  const [idleMinutes, rows] = await Promise.all([idleMinutesOf(tx, organisationId), presenceRows(tx, organisationId)]);
  return rows.map((row) => toPresence(row, idleMinutes ?? 15, now));
}

/** One expert's presence in the organisation (undefined when they are no active expert there). */
export async function expertPresence(
  tx: Tx,
  organisationId: string,
  userId: string,
  now = new Date(),
): Promise<ExpertPresence | undefined> {
  const [idleMinutes, rows] = await Promise.all([idleMinutesOf(tx, organisationId), presenceRows(tx, organisationId, userId)]);
  const row = rows[0];
  return row && toPresence(row, idleMinutes ?? 15, now);
}

/** How many of the experts serving each queue are on duty now (online, not away): queue id → count. */
export function onDutyByQueue(presence: ExpertPresence[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of presence) if (isOnDuty(p.state)) for (const q of p.queueIds) counts.set(q, (counts.get(q) ?? 0) + 1);
  return counts;
}
