import type { Tx } from '../../db/client';
import { chatFeedback } from '../../db/schema';

/** Stores a rating; a second rating of a chat from the same side breaks the table's unique key (the caller answers it). */
export async function insertChatFeedback(tx: Tx, row: typeof chatFeedback.$inferInsert): Promise<void> {
  await tx.insert(chatFeedback).values(row);
}
