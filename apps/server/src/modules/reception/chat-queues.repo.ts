import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chatQueues, organisations } from '../../db/schema';

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

export async function organisationSlug(tx: Tx, organisationId: string): Promise<string | undefined> {
  const [row] = await tx.select({ slug: organisations.slug }).from(organisations).where(eq(organisations.id, organisationId)).limit(1);
  return row?.slug;
}
