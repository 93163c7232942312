import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { rooms, type RealtimeServer } from '../../plugins/realtime';
import * as repo from './chat.repo';
import type { ChannelHooks } from './chat-events';
import type { ChatChannelRow } from './chat.tables';
import type { VideoProvider } from './video-provider';
import { userOfExpert } from './video-rooms.repo';
import { isVideoChannel } from './video-session.service';
import { videoRoom } from '../../platform/realtime-rooms';

/**
 * What the chat's life means for its call, run after the chat's transaction has committed: a patient waiting for a
 * one-to-one video knocks (the expert's app plays a sound), a member who goes leaves the call, an ended channel's
 * call ends and its Janus room is destroyed. Failures are logged: the chat's own change has happened.
 */
export function videoChannelHooks(deps: { io: RealtimeServer; db: Db; provider: VideoProvider; log: FastifyBaseLogger }): ChannelHooks {
  const io = deps.io;
  const safely = (what: string, work: () => Promise<void>) =>
    void work().catch((err: unknown) => deps.log.warn({ err }, `video: ${what} failed`));

  return {
    opened(channel: ChatChannelRow) {
      if (channel.status !== 'waiting' || channel.kind !== 'appointment' || !channel.expertId || !channel.patientId) return;
      safely('knock', async () => {
        if (!(await isVideoChannel(deps.db, channel))) return;
        const userId = await userOfExpert(deps.db, channel.expertId!);
        const member = await repo.memberOf(deps.db, channel.id, channel.patientId!);
        if (userId) io.to(rooms.user(userId)).emit('video:knock', { channelId: channel.id, name: member?.name ?? '' });
      });
    },
    left(userRoom: string, channelId: string) {
      safely('leave', async () => {
        const room = videoRoom(channelId);
        for (const s of await io.in(rooms.user(userRoom)).fetchSockets()) {
          if (!s.rooms.has(room)) continue;
          s.leave(room);
          io.to(room).emit('video:peer-left', { channelId, peerId: s.id });
        }
      });
    },
    ended(channelId: string) {
      io.in(videoRoom(channelId)).socketsLeave(videoRoom(channelId));
      safely('closing the room', () => deps.provider.closeRoom(channelId));
    },
  };
}
