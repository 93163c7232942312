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
  const serves = tx
    .select({ one: sql`1` })
    .from(experts)
    .innerJoin(staffUsers, eq(staffUsers.id, experts.userId))
    .where(
      and(
        eq(experts.organisationId, organisationId),
        eq(staffUsers.active, true),
        or(eq(experts.chatQueueId, chatQueues.id), eq(chatQueues.expertId, experts.id)),
      ),
    );
  const rows = await tx
    .select({ id: chatQueues.id })
    .from(chatQueues)
    .where(and(eq(chatQueues.organisationId, organisationId), queueIds ? inArray(chatQueues.id, queueIds) : undefined, exists(serves)));
  return new Set(rows.map((r) => r.id));
}
