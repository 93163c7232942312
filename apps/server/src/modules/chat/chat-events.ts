import type { ChannelStatus, ChatMessage } from '@prsp/contracts';
import { rooms, type RealtimeServer } from '../../plugins/realtime';
import type { ChatChannelRow } from './chat.tables';

/** What else a channel's life sets off, after commit (the video call's side: video-hooks.ts). */
export type ChannelHooks = {
  opened?(channel: ChatChannelRow): void;
  left?(userRoom: string, channelId: string): void;
  ended?(channelId: string): void;
  /** A queue's line moved (a patient queued, was taken, left, was handed on): the queue board hears it (queue-board.socket.ts). */
  queueChanged?(queueId: string): void;
};

/**
 * What the chat tells connected clients, always after the change has committed: a client that misses an event
 * (offline, another instance down) finds the same state over HTTP when it reconnects.
 */
export function chatEvents(io: RealtimeServer, hooks: ChannelHooks = {}) {
  return {
    message(m: ChatMessage) {
      io.to(rooms.channel(m.channelId)).emit('chat:message', m);
    },
    channel(channelId: string, status: ChannelStatus, alsoUsers: string[] = []) {
      let target = io.to(rooms.channel(channelId));
      for (const userId of alsoUsers) target = target.to(rooms.user(userId));
      target.emit('chat:channel', { channelId, status });
      if (status === 'ended') hooks.ended?.(channelId);
    },
    /** A patient opened (or came back to) a channel. */
    opened(channel: ChatChannelRow) {
      hooks.opened?.(channel);
    },
    /** Someone left a channel (a patient leaving a group, an expert handing over): their sockets stop hearing it. */
    left(userRoom: string, channelId: string) {
      io.in(rooms.user(userRoom)).socketsLeave(rooms.channel(channelId));
      hooks.left?.(userRoom, channelId);
    },
    /** Which of these users have the app open now (a socket on any instance), for the transfer dialog. */
    async online(userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const sockets = await io.in(userIds.map(rooms.user)).fetchSockets();
      return new Set(sockets.map((s) => s.data.userId).filter((id): id is string => id !== undefined));
    },
    queue(queueId: string | null) {
      if (!queueId) return;
      io.to(rooms.queue(queueId)).emit('queue:changed', { queueId });
      hooks.queueChanged?.(queueId);
    },
  };
}

export type ChatEvents = ReturnType<typeof chatEvents>;
