import type { OpeningHours, QueueAvailability } from '@prsp/contracts';
import type { Db } from '../../db/client';
import * as repo from './chat.repo';
import { hoursOnDay, isQueueOpen } from './opening-hours';
import { staffedQueueIds } from './queue-staffing.repo';

/**
 * Whether a queue takes a patient in now: within its opening hours, and served by at least one professional. A queue
 * nobody serves would keep a patient waiting for ever (issue 29), so it answers as a closed one does.
 */
export function admitsPatients(queue: { openingHours: OpeningHours }, staffed: boolean, now: Date): boolean {
  return staffed && isQueueOpen(queue.openingHours, now);
}

/**
 * The patient's service cards: for each of the organisation's queues named, its hours on today's local date and
 * whether anyone serves it. Read afresh on every call (not from the read-model cache): it changes with the day and
 * with the staff, whose tables tell the cache nothing.
 */
export async function queueAvailability(
  db: Db,
  organisationId: string,
  queueIds: string[],
  now = new Date(),
): Promise<Record<string, QueueAvailability>> {
  const wanted = new Set(queueIds);
  const [queues, staffed] = await Promise.all([
    repo.organisationQueues(db, organisationId),
    staffedQueueIds(db, organisationId, [...wanted]),
  ]);
  const answer: Record<string, QueueAvailability> = {};
  for (const q of queues) if (wanted.has(q.id)) answer[q.id] = { hoursToday: hoursOnDay(q.openingHours, now), staffed: staffed.has(q.id) };
  return answer;
}
