import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { forgetFilesOf } from '../../platform/files/stored-files';
import { conversations } from '../../db/schema';

/**
 * Conversations of the organisation with no message since the cut-off: they go with their messages and read marks
 * (cascade) and their files' rows; answers how many went and the keys of the bytes to remove from the file store.
 */
export async function deleteConversationsBefore(
  tx: Tx,
  organisationId: string,
  cutoff: Date,
): Promise<{ conversations: number; fileKeys: string[] }> {
  const old = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.organisationId, organisationId), lt(conversations.lastMessageAt, cutoff)));
  if (old.length === 0) return { conversations: 0, fileKeys: [] };
  const ids = old.map((c) => c.id);
  const fileKeys = await forgetFilesOf(tx, 'conversation', ids);
  await tx.delete(conversations).where(inArray(conversations.id, ids));
  return { conversations: ids.length, fileKeys };
}
