import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chatChannels } from './chat.tables';

/**
 * The media room of a video channel when it runs through an SFU (VIDEO_PROVIDER=janus): which Janus instance holds
 * it and the room there. One row per channel, written once by whichever instance creates the room first, so every
 * instance sends the channel's participants to the same Janus. The room's PIN is stored encrypted (field cipher).
 */
export const videoRooms = pgTable('video_rooms', {
  channelId: uuid('channel_id')
    .primaryKey()
    .references(() => chatChannels.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['janus'] }).notNull(),
  /** The Janus instance (one of JANUS_URL) the room lives on. */
  serverUrl: text('server_url').notNull(),
  roomId: bigint('room_id', { mode: 'number' }).notNull(),
  pinCipher: text('pin_cipher').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
