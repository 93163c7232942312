import { VIDEO_LIMITS, type VideoProviderKind } from '@prsp/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import type { JanusRoomRequest } from './janus-client';
import { janusRooms, type JanusRoom } from './janus-provider';
import type { ChatChannelRow } from './chat.tables';
import { roomOfChannel } from './video-rooms.repo';

/**
 * A media path (docs/video.md). `roomFor` answers the SFU room the channel's call runs in, or null for a mesh (peer to
 * peer, signalled over our socket); `closeRoom` releases what the channel held once it has ended.
 */
export type VideoProvider = {
  kind: VideoProviderKind;
  roomFor(tx: Tx, channel: ChatChannelRow, expectedSize: number): Promise<JanusRoom | null>;
  closeRoom(channelId: string): Promise<void>;
};

type VideoConfig = Config['video'];

/**
 * Which path a call of `expectedSize` people takes: VIDEO_PROVIDER=janus sends every call through Janus; with the
 * default `mesh`, Janus (when JANUS_URL names any) takes only groups above VIDEO_LIMITS.meshMax; without Janus, mesh.
 */
export function providerFor(config: Pick<VideoConfig, 'provider' | 'janus'>, expectedSize: number): VideoProviderKind {
  if (config.provider === 'janus') return 'janus';
  return config.janus.length > 0 && expectedSize > VIDEO_LIMITS.meshMax ? 'janus' : 'mesh';
}

/** Peer to peer: no room anywhere, nothing to release. */
export const meshProvider: VideoProvider = {
  kind: 'mesh',
  roomFor: async () => null,
  closeRoom: async () => undefined,
};

export type VideoProviderDeps = {
  db: Db;
  cipher: FieldCipher;
  log: FastifyBaseLogger;
  request?: (url: string, body: JanusRoomRequest) => Promise<Record<string, unknown>>;
};

/**
 * The configured provider. A channel that already has a Janus room stays in it (everyone of a call must take the same
 * path, whichever app instance they reach); otherwise the call's size decides (`providerFor`).
 */
export function createVideoProvider(config: VideoConfig, deps: VideoProviderDeps): VideoProvider {
  if (config.janus.length === 0) return meshProvider;
  const janus = janusRooms({ ...deps, instances: config.janus, adminKey: config.janusAdminKey });
  return {
    kind: config.provider,
    async roomFor(tx, channel, expectedSize) {
      const held = await roomOfChannel(tx, channel.id);
      if (!held && providerFor(config, expectedSize) === 'mesh') return null;
      return janus.roomFor(tx, channel, expectedSize);
    },
    closeRoom: (channelId) => janus.closeRoom(channelId),
  };
}
