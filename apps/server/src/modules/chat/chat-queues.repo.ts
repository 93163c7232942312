import { and, asc, eq } from 'drizzle-orm';
import type { OpeningHours, WhenNobodyOnDuty } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { chatQueues } from '../../db/schema';

export type ChatQueueRow = typeof chatQueues.$inferSelect;

export function listQueues(tx: Tx, organisationId: string) {
  return tx
    .select({ id: chatQueues.id, name: chatQueues.name, expertId: chatQueues.expertId })
    .from(chatQueues)
    .where(eq(chatQueues.organisationId, organisationId))
    .orderBy(asc(chatQueues.name), asc(chatQueues.id));
}

export async function findQueue(tx: Tx, organisationId: string, id: string): Promise<ChatQueueRow | undefined> {
  const [row] = await tx
    .select()
    .from(chatQueues)
    .where(and(eq(chatQueues.organisationId, organisationId), eq(chatQueues.id, id)))
    .limit(1);
  return row;
}

/** Inserts the queue unless the id is taken; true when it was inserted. */
export async function insertQueue(tx: Tx, row: typeof chatQueues.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(chatQueues).values(row).onConflictDoNothing().returning({ id: chatQueues.id });
  return inserted.length === 1;
}

/** Sets what one of the organisation's queues does when nobody is on duty (issue 32); false when it has no such queue. */
export async function setQueueWhenNobodyOnDuty(
  tx: Tx,
  organisationId: string,
  queueId: string,
  whenNobodyOnDuty: WhenNobodyOnDuty,
): Promise<boolean> {
  const rows = await tx
    .update(chatQueues)
    .set({ whenNobodyOnDuty })
    .where(and(eq(chatQueues.organisationId, organisationId), eq(chatQueues.id, queueId)))
    .returning({ id: chatQueues.id });
  return rows.length === 1;
}

/** Sets the opening hours of one of the organisation's queues; false when it has no such queue. */
export async function setQueueOpeningHours(tx: Tx, organisationId: string, queueId: string, openingHours: OpeningHours): Promise<boolean> {
  const rows = await tx
    .update(chatQueues)
    .set({ openingHours })
    .where(and(eq(chatQueues.organisationId, organisationId), eq(chatQueues.id, queueId)))
    .returning({ id: chatQueues.id });
  return rows.length === 1;
}
