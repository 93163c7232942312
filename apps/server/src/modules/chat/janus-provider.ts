import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import * as repo from './chat.repo';
import { JANUS_VIDEOROOM_ERRORS, JanusError, videoroomRequest, type JanusRoomRequest } from './janus-client';
import type { ChatChannelRow } from './chat.tables';
import * as rooms from './video-rooms.repo';

/** Where a Janus call happens: the instance's address for browsers, the room and its PIN. */
export type JanusRoom = { url: string; roomId: number; pin: string };

/** One Janus instance: the address this server reaches it on and the one browsers use. */
export type JanusInstance = { url: string; publicUrl: string };

export type JanusDeps = {
  db: Db;
  cipher: FieldCipher;
  log: FastifyBaseLogger;
  instances: JanusInstance[];
  /** The videoroom plugin's `admin_key`, when the operator set one (then only we can create rooms). */
  adminKey?: string;
  /** Tests replace the wire. */
  request?: (url: string, body: JanusRoomRequest) => Promise<Record<string, unknown>>;
};

/**
 * The instance a new room goes to: the one holding the fewest live rooms now, the first listed on a tie. Chosen over
 * a hash of the channel id because a hash ignores load (a few long group calls can pile up on one instance) and
 * moves rooms when the list changes, while the rows of video_rooms, read in the same transaction, say where every
 * live room is: an instance added to JANUS_URL takes the next rooms at once, a removed one gets none.
 */
export function leastLoaded(instances: JanusInstance[], load: Map<string, number>): JanusInstance {
  if (instances.length === 0) throw new Error('no Janus instance configured');
  return instances.reduce((best, i) => ((load.get(i.url) ?? 0) < (load.get(best.url) ?? 0) ? i : best));
}

/** Publishers a room admits: the expected group, with room for a few invited in the middle of the call. */
export function publishersFor(expectedSize: number): number {
  return Math.max(expectedSize + 4, 8);
}

/**
 * Rooms on Janus (videoroom plugin) for video channels. A channel's room is created by whichever app instance is
 * asked first, under the channel's row lock, on the least-loaded Janus, and recorded in video_rooms in the same
 * transaction: every app instance then sends the channel's people to that room. The PIN is stored encrypted; the
 * room's secret (needed to destroy it) is derived from DATA_KEY, so it is never stored.
 */
export function janusRooms(deps: JanusDeps) {
  const request = deps.request ?? ((url: string, body: JanusRoomRequest) => videoroomRequest(url, body));
  const secretOf = (channelId: string, roomId: number) => deps.cipher.keyedHash(`janus-room:${channelId}:${roomId}`);
  const instanceOf = (url: string) => deps.instances.find((i) => i.url === url);

  async function create(instance: JanusInstance, channel: ChatChannelRow, expectedSize: number) {
    for (let attempt = 1; ; attempt++) {
      const roomId = randomInt(100_000_000, 2 ** 47);
      const pin = randomBytes(12).toString('base64url');
      try {
        await request(instance.url, {
          request: 'create',
          room: roomId,
          pin,
          secret: secretOf(channel.id, roomId),
          publishers: publishersFor(expectedSize),
          // Janus logs and lists this: an opaque id, never a name.
          description: `prsp ${channel.id}`,
          is_private: true,
          permanent: false,
          audiolevel_event: true,
          ...(deps.adminKey ? { admin_key: deps.adminKey } : {}),
        });
        return { roomId, pin };
      } catch (err) {
        // A random id that happens to be taken: another one.
        if (err instanceof JanusError && err.code === JANUS_VIDEOROOM_ERRORS.roomExists && attempt < 3) continue;
        throw err;
      }
    }
  }

  return {
    /** The channel's room, created on first need. Call inside a transaction: the channel's row is locked. */
    async roomFor(tx: Tx, channel: ChatChannelRow, expectedSize: number): Promise<JanusRoom> {
      await repo.lockChannel(tx, channel.id);
      const existing = await rooms.roomOfChannel(tx, channel.id);
      const known = existing && instanceOf(existing.serverUrl);
      if (existing && known) return { url: known.publicUrl, roomId: existing.roomId, pin: deps.cipher.decrypt(existing.pinCipher) };
      // Its instance is no longer configured: the room is made again on one that is.
      if (existing) await rooms.deleteRoom(tx, channel.id);
      const instance = leastLoaded(
        deps.instances,
        await rooms.liveRoomsPerServer(
          tx,
          deps.instances.map((i) => i.url),
        ),
      );
      const { roomId, pin } = await create(instance, channel, expectedSize);
      await rooms.insertRoom(tx, {
        channelId: channel.id,
        provider: 'janus',
        serverUrl: instance.url,
        roomId,
        pinCipher: deps.cipher.encrypt(pin),
      });
      return { url: instance.publicUrl, roomId, pin };
    },

    /** Destroys the channel's room, if it has one (after the channel ended; failures are logged, never thrown). */
    async closeRoom(channelId: string): Promise<void> {
      try {
        const row = await deps.db.transaction((tx) => rooms.deleteRoom(tx, channelId));
        if (!row) return;
        await request(row.serverUrl, {
          request: 'destroy',
          room: row.roomId,
          secret: secretOf(channelId, row.roomId),
          permanent: false,
        }).catch((err: unknown) => {
          // Already gone (Janus restarted): nothing to do.
          if (err instanceof JanusError && err.code === JANUS_VIDEOROOM_ERRORS.noSuchRoom) return;
          throw err;
        });
      } catch (err) {
        deps.log.warn({ err, channelId }, 'could not destroy the Janus room of an ended channel');
      }
    },
  };
}
