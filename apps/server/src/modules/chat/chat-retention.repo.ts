import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { forgetFilesOf } from '../../platform/files/stored-files';
import { chatChannels } from '../../db/schema';

/**
 * Chats of the organisation begun before the cut-off and finished: their channels go (messages and members with them)
 * and their files' rows; answers how many went and the keys of the bytes to remove from the file store.
 */
export async function deleteChatsBefore(tx: Tx, organisationId: string, cutoff: Date): Promise<{ chats: number; fileKeys: string[] }> {
  const old = await tx
    .select({ id: chatChannels.id })
    .from(chatChannels)
    .where(and(eq(chatChannels.organisationId, organisationId), eq(chatChannels.status, 'ended'), lt(chatChannels.createdAt, cutoff)));
  if (old.length === 0) return { chats: 0, fileKeys: [] };
  const ids = old.map((c) => c.id);
  const fileKeys = await forgetFilesOf(tx, 'chatChannel', ids);
  await tx.delete(chatChannels).where(inArray(chatChannels.id, ids));
  return { chats: ids.length, fileKeys };
}
