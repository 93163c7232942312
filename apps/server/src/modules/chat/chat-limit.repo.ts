import { and, count, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { chatChannels, experts } from '../../db/schema';

/**
 * The expert's chat limit and the queue chats they serve now (status active), other than `exceptChannelId`. The
 * expert's row is locked until the transaction ends, so two accepts of one expert at once are counted one after the
 * other and cannot both slip under the limit.
 */
export async function lockedChatLoad(tx: Tx, expertId: string, exceptChannelId: string): Promise<{ limit: number | null; open: number }> {
  const [expert] = await tx.select({ limit: experts.maxConcurrentChats }).from(experts).where(eq(experts.id, expertId)).for('update');
  if (!expert || expert.limit === null) return { limit: null, open: 0 };
  const [row] = await tx
    .select({ open: count() })
    .from(chatChannels)
    .where(
      and(
        eq(chatChannels.expertId, expertId),
        eq(chatChannels.status, 'active'),
        eq(chatChannels.kind, 'queue'),
        ne(chatChannels.id, exceptChannelId),
      ),
    );
  return { limit: expert.limit, open: row?.open ?? 0 };
}
