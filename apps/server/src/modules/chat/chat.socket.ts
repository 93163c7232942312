import type { FastifyInstance } from 'fastify';
import { ZChannelEvent, ZReadEvent, ZSendMessageEvent, ZTypingEvent } from '@prsp/contracts';
import type { z } from 'zod/mini';
import type { RouteAccess } from '../../platform/access/route-access';
import { AppError } from '../../platform/app-error';
import { answer, rooms, type RealtimeSocket } from '../../plugins/realtime';
import type { ChatDeps } from './chat-channels.service';
import { markRead, sendText } from './chat-messages.service';
import { channelFor, chatCallerOf } from './chat-participants';
import { expertQueueIds } from './expert-chat.service';
import { PatientReads, readerOf, recordPatientReads } from '../../platform/audit/patient-reads';
import { channelReads } from './chat-reads';

const member: RouteAccess = { kind: 'chatMember', patientData: 'none' };
/** Joining a chat's room: from then on its messages reach the socket, so an expert's join is a read of the chat. */
const join: RouteAccess = { kind: 'chatMember', patientData: { audit: 'chat.join' } };

/** A payload checked with its contract; a malformed one is answered 400, like an HTTP body. */
function parse<T>(schema: z.ZodMiniType<T>, payload: unknown): T {
  const result = schema.safeParse(payload);
  if (!result.success) throw new AppError(400);
  return result.data;
}

/**
 * The chat's socket events. Each one loads the caller again through the same access declaration as the HTTP routes
 * (`chatMember`), then the same channel rule (`channelFor`): a socket is no key of its own, only a way to be told.
 */
export function registerChatSocket(app: FastifyInstance, deps: ChatDeps) {
  const log = app.log.child({ module: 'chat.socket' });
  const callerOf = async (socket: RealtimeSocket) => chatCallerOf(await app.socketAccess(socket, member));
  // Watching the queues is the experts' alone; the rest is for whoever can be in a chat (the channel rule decides more).
  app.declareSocketEvents({
    'chat:join': join,
    'chat:send': member,
    'chat:typing': member,
    'chat:read': member,
    'queue:watch': { kind: 'expert', patientData: 'none' },
  });

  app.realtime.on('connection', (socket: RealtimeSocket) => {
    socket.on('chat:join', (payload, ack) =>
      answer(log, ack, async () => {
        const { channelId } = parse(ZChannelEvent, payload);
        const ctx = await app.socketAccess(socket, join);
        const { channel, members } = await channelFor(deps.db, chatCallerOf(ctx), channelId);
        const reads = new PatientReads('chat.join', readerOf(ctx, socket.handshake.address));
        reads.show(await channelReads(deps.db, channel, members));
        await recordPatientReads(deps.db, reads);
        await socket.join(rooms.channel(channel.id));
        // While waiting, the patient hears when the line moves.
        if (channel.status === 'waiting' && channel.queueId) await socket.join(rooms.queue(channel.queueId));
        return { lastSeq: channel.lastSeq };
      }),
    );

    socket.on('chat:send', (payload, ack) =>
      answer(log, ack, async () => sendText(deps, await callerOf(socket), parse(ZSendMessageEvent, payload))),
    );

    socket.on(
      'chat:typing',
      (payload) =>
        void answer(log, undefined, async () => {
          const { channelId, typing } = parse(ZTypingEvent, payload);
          const { me, member } = await channelFor(deps.db, await callerOf(socket), channelId);
          if (!member || member.leftAt) return;
          socket.to(rooms.channel(channelId)).emit('chat:typing', { channelId, userId: me.userId, name: me.name, typing });
        }),
    );

    socket.on('chat:read', (payload, ack) =>
      answer(log, ack, async () => {
        const { channelId, seq } = parse(ZReadEvent, payload);
        const moved = await markRead(deps.db, await callerOf(socket), channelId, seq);
        if (moved) app.realtime.to(rooms.channel(channelId)).emit('chat:read', { channelId, ...moved });
        return null;
      }),
    );

    socket.on('queue:watch', (_payload, ack) =>
      answer(log, ack, async () => {
        const caller = await callerOf(socket);
        if (caller.kind !== 'expert') throw new AppError(403);
        const queueIds = await expertQueueIds(deps.db, caller);
        await socket.join(queueIds.map(rooms.queue));
        return { queueIds };
      }),
    );
  });
}
