import { type OpeningHours, type QueueAvailability, type WhenNobodyOnDuty } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { onDutyByQueue, organisationPresence } from '../staff/presence.service';
import * as repo from './chat.repo';
import { hoursOnDay, isQueueOpen, nextOpening } from './opening-hours';
import { staffedQueueIds } from './queue-staffing.repo';

type AdmissionQueue = { openingHours: OpeningHours; whenNobodyOnDuty: WhenNobodyOnDuty };

/**
 * Whether a queue takes a patient in now: within its opening hours, served by at least one professional (a queue
 * nobody serves would keep a patient waiting for ever, issue 29) and, when it is set to `close` when nobody is on
 * duty (issue 32), with at least one of them on duty now (online and not away: `onDuty`, read afresh). A queue set to
 * `wait` admits the patient without anyone on duty; the waiting room then says so instead of promising a time.
 */
export function admitsPatients(queue: AdmissionQueue, staffed: boolean, onDuty: number, now: Date): boolean {
  if (!staffed || !isQueueOpen(queue.openingHours, now)) return false;
  return queue.whenNobodyOnDuty === 'wait' || onDuty > 0;
}

/** Whether the admission of these queues needs the presence read (only a `close` queue looks at who is on duty). */
export const needsPresence = (queues: AdmissionQueue[]) => queues.some((q) => q.whenNobodyOnDuty === 'close');

/** How many professionals of each queue of the organisation are on duty now, read afresh (presence.service.ts). */
export async function onDutyNow(tx: Tx, organisationId: string, now = new Date()): Promise<Map<string, number>> {
  return onDutyByQueue(await organisationPresence(tx, organisationId, now));
}

/**
 * The patient's service cards: for each of the organisation's queues named, its hours on today's local date,
 * whether anyone serves it, how many of them are on duty now, what it does when nobody is, whether it is open now
 * and when it next opens. The caller (services.service.ts) holds the answer in the read-model cache per local date
 * and per QUEUE_ON_DUTY_STALE_SECONDS: presence rows tell the cache nothing (a heartbeat every 25 s per expert would
 * empty it all the time), so the on-duty count and `openNow` are at most that old; the admission reads them afresh.
 */
export async function queueAvailability(
  db: Db,
  organisationId: string,
  queueIds: string[],
  now = new Date(),
): Promise<Record<string, QueueAvailability>> {
  const wanted = new Set(queueIds);
  if (wanted.size === 0) return {};
  const [queues, staffed, onDuty] = await Promise.all([
    repo.organisationQueues(db, organisationId),
    staffedQueueIds(db, organisationId, [...wanted]),
    onDutyNow(db, organisationId, now),
  ]);
  const answer: Record<string, QueueAvailability> = {};
  for (const q of queues)
    if (wanted.has(q.id))
      answer[q.id] = {
        hoursToday: hoursOnDay(q.openingHours, now),
        staffed: staffed.has(q.id),
        onDuty: onDuty.get(q.id) ?? 0,
        whenNobodyOnDuty: q.whenNobodyOnDuty,
        openNow: isQueueOpen(q.openingHours, now),
        nextOpening: nextOpening(q.openingHours, now)?.toISOString() ?? null,
      };
  return answer;
}
