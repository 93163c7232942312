import { addDays, localDateAt, SERVICE_TIME_ZONE, startOfLocalDay, type ExpertPresence, type QueueBoard } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { organisationPresence } from '../staff/presence.service';
import { isShiftLead, queueFigures } from './queue-board.repo';

/**
 * The local day `now` falls in, in the organisation's calendar (Europe/Helsinki), and the instants it begins and
 * ends: what "today" means for the board's handled and abandoned counts. A day is 23 or 25 hours long on the
 * daylight-saving changeovers, and begins at local midnight, not UTC's.
 */
export function boardDay(now: Date, timeZone: string = SERVICE_TIME_ZONE): { day: string; from: Date; until: Date } {
  const day = localDateAt(now, timeZone);
  return { day, from: startOfLocalDay(day, timeZone), until: startOfLocalDay(addDays(day, 1), timeZone) };
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * The organisation's queue board now (docs/queue-board.md): per queue, the database's counts (one statement) and the
 * experts who serve it with their presence (presence.service.ts, two statements). Scoped to `organisationId` alone:
 * the caller's access has already said it is theirs.
 */
export async function queueBoard(db: Db, organisationId: string, now = new Date()): Promise<QueueBoard> {
  const { day, from, until } = boardDay(now);
  const [figures, presence] = await Promise.all([
    queueFigures(db, organisationId, from, until),
    organisationPresence(db, organisationId, now),
  ]);
  const servers = new Map<string, ExpertPresence[]>();
  for (const p of presence) for (const q of p.queueIds) servers.set(q, [...(servers.get(q) ?? []), p]);
  return {
    day,
    at: now.toISOString(),
    queues: figures.map((f) => ({
      ...f,
      oldestQueuedAt: iso(f.oldestQueuedAt),
      experts: (servers.get(f.id) ?? []).map((p) => ({ expertId: p.expertId, name: p.name, state: p.state, openChats: p.openChats })),
    })),
  };
}

/**
 * The board as a shift lead sees it: an expert of the organisation their session works in whose `shift_lead` an admin
 * has set (403 otherwise: an expert who leads no shift, or a session with no organisation chosen).
 */
export async function leadOrganisation(db: Db, expert: { userId: string; organisationId: string | null }): Promise<string> {
  if (!expert.organisationId || !(await isShiftLead(db, expert.userId, expert.organisationId)))
    throw new AppError(403, { detail: 'not a shift lead' });
  return expert.organisationId;
}
