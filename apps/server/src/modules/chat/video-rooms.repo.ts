import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { experts } from '../../db/schema';
import { chatChannels } from './chat.tables';
import { videoRooms } from './video.tables';

export type VideoRoomRow = typeof videoRooms.$inferSelect;

export async function roomOfChannel(tx: Tx, channelId: string): Promise<VideoRoomRow | undefined> {
  const [row] = await tx.select().from(videoRooms).where(eq(videoRooms.channelId, channelId)).limit(1);
  return row;
}

export async function insertRoom(tx: Tx, row: typeof videoRooms.$inferInsert): Promise<void> {
  await tx.insert(videoRooms).values(row);
}

export async function deleteRoom(tx: Tx, channelId: string): Promise<VideoRoomRow | undefined> {
  const [row] = await tx.delete(videoRooms).where(eq(videoRooms.channelId, channelId)).returning();
  return row;
}

/** Live rooms per Janus instance (rooms of channels that have ended but were not yet closed do not count). */
export async function liveRoomsPerServer(tx: Tx, serverUrls: string[]): Promise<Map<string, number>> {
  if (serverUrls.length === 0) return new Map();
  const rows = await tx
    .select({ serverUrl: videoRooms.serverUrl, rooms: count() })
    .from(videoRooms)
    .innerJoin(chatChannels, eq(chatChannels.id, videoRooms.channelId))
    .where(and(inArray(videoRooms.serverUrl, serverUrls), sql`${chatChannels.status} <> 'ended'`))
    .groupBy(videoRooms.serverUrl);
  return new Map(rows.map((r) => [r.serverUrl, Number(r.rooms)]));
}

/** The staff user behind an expert row: their sockets share the user's room. */
export async function userOfExpert(tx: Tx, expertId: string): Promise<string | undefined> {
  const [row] = await tx.select({ userId: experts.userId }).from(experts).where(eq(experts.id, expertId)).limit(1);
  return row?.userId;
}
