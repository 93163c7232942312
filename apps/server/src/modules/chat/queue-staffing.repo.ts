import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chatQueues, experts, staffUsers } from '../../db/schema';

/**
 * Which of the organisation's queues (all, or those named) an active professional serves: an expert of the
 * organisation whose queue it is (`experts.chat_queue_id`), or whose personal queue it is (`chat_queues.expert_id`).
 * Presence (who is signed in now) is not asked: 'assigned' is enough to take patients in.
 */
export async function staffedQueueIds(tx: Tx, organisationId: string, queueIds?: string[]): Promise<Set<string>> {
  if (queueIds?.length === 0) return new Set();
  const rows = await tx
    .select({ id: chatQueues.id })
    .from(chatQueues)
    .where(and(eq(chatQueues.organisationId, organisationId), queueIds ? inArray(chatQueues.id, queueIds) : undefined, exists(serves(tx))));
  return new Set(rows.map((r) => r.id));
}

/** A queue, and whether an active professional serves it (as `staffedQueueIds` says), in one read. */
export async function queueWithStaffing(tx: Tx, queueId: string) {
  const [row] = await tx
    .select({ queue: chatQueues, staffed: sql<boolean>`exists(${serves(tx)})` })
    .from(chatQueues)
    .where(eq(chatQueues.id, queueId))
    .limit(1);
  return row;
}

/** The experts serving the queue of the outer query's row: of its organisation, active, whose queue it is. */
function serves(tx: Tx) {
  return tx
    .select({ one: sql`1` })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(
      and(
        eq(experts.organisationId, chatQueues.organisationId),
        eq(staffUsers.active, true),
        or(eq(experts.chatQueueId, chatQueues.id), eq(chatQueues.expertId, experts.id)),
      ),
    );
}
