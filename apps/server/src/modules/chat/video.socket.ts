import type { FastifyInstance } from 'fastify';
import { ZVideoJoinEvent, ZVideoLeaveEvent, ZVideoSignalEvent, ZVideoStateEvent, type VideoPeer } from '@prsp/contracts';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client';
import type { RouteAccess } from '../../platform/access/route-access';
import { AppError } from '../../platform/app-error';
import { ACCESS_RECHECK_MS, answer, type RealtimeSocket } from '../../plugins/realtime';
import { chatCallerOf } from './chat-participants';
import { videoChannel } from './video-session.service';
import { videoRoom } from '../../platform/realtime-rooms';

const member: RouteAccess = { kind: 'chatMember', patientData: 'none' };

/** The Socket.IO room of a channel's call: the sockets that joined it (not every member's socket: a chat is not a call). */

/**
 * What a socket in a call keeps in its `data` (Socket.IO hands it to `fetchSockets()` on every instance): the call
 * and the peer it is there. One call per socket; joining another leaves the first.
 */
type InCall = { channelId: string; peer: VideoPeer; checkedAt: number };
type VideoData = { video?: InCall };
const callOf = (socket: { data: unknown }): InCall | undefined => (socket.data as VideoData).video;
const setCall = (socket: RealtimeSocket, call: InCall | undefined) => {
  (socket.data as VideoData).video = call;
};

function parse<T>(schema: z.ZodMiniType<T>, payload: unknown): T {
  const result = schema.safeParse(payload);
  if (!result.success) throw new AppError(400);
  return result.data;
}

/**
 * Presence and mesh signalling of video calls (docs/video.md). Joining takes the same rule as the session endpoint
 * (`videoChannel`: a present member of an active video channel); every event loads the caller again through the
 * socket's access (ACCESS_RECHECK_MS) and the channel rule at the same rate, and a caller who no longer passes is
 * taken out of the call. A peer is a socket: it leaves with `video:leave` or when the socket goes, and a reconnect is
 * a new peer, so nobody lingers as a ghost. Signals go only to a socket that is in the same call, wherever it is
 * connected (the Redis adapter answers `fetchSockets` across instances).
 */
export function registerVideoSocket(app: FastifyInstance, deps: { db: Db }) {
  const log = app.log.child({ module: 'video.socket' });
  const io = app.realtime;
  const callerOf = async (socket: RealtimeSocket) => chatCallerOf(await app.socketAccess(socket, member));
  app.declareSocketEvents({ 'video:join': member, 'video:state': member, 'video:signal': member, 'video:leave': member });

  function leave(socket: RealtimeSocket) {
    const call = callOf(socket);
    if (!call) return;
    setCall(socket, undefined);
    void socket.leave(videoRoom(call.channelId));
    io.to(videoRoom(call.channelId)).emit('video:peer-left', { channelId: call.channelId, peerId: socket.id });
  }

  /** The socket's call for `channelId`, its access checked again when the last check is older than ACCESS_RECHECK_MS. */
  async function inCall(socket: RealtimeSocket, channelId: string): Promise<InCall | undefined> {
    const call = callOf(socket);
    if (!call || call.channelId !== channelId) return undefined;
    if (Date.now() - call.checkedAt >= ACCESS_RECHECK_MS) {
      try {
        await videoChannel(deps.db, await callerOf(socket), channelId);
      } catch (err) {
        leave(socket);
        throw err;
      }
      call.checkedAt = Date.now();
    }
    return call;
  }

  io.on('connection', (socket: RealtimeSocket) => {
    socket.on('video:join', (payload, ack) =>
      answer(log, ack, async () => {
        const e = parse(ZVideoJoinEvent, payload);
        const { me, channel } = await videoChannel(deps.db, await callerOf(socket), e.channelId);
        const room = videoRoom(channel.id);
        const previous = callOf(socket);
        if (previous && previous.channelId !== channel.id) leave(socket);
        const peer: VideoPeer = {
          peerId: socket.id,
          userId: me.userId,
          name: me.name,
          role: me.role,
          audio: e.audio,
          video: e.video,
          screen: e.screen,
          feedId: e.feedId ?? null,
        };
        // The data first: a socket that joins at the same moment on another instance finds this peer complete.
        setCall(socket, { channelId: channel.id, peer, checkedAt: Date.now() });
        await socket.join(room);
        const peers = (await io.in(room).fetchSockets())
          .filter((s) => s.id !== socket.id)
          .map((s) => callOf(s))
          .filter((c): c is InCall => c?.channelId === channel.id)
          .map((c) => c.peer);
        // The same socket joining again (a page that re-ran its set-up) is the same peer with a new state.
        socket
          .to(room)
          .emit(previous?.channelId === channel.id ? 'video:peer-state' : 'video:peer-joined', { channelId: channel.id, peer });
        return { peerId: socket.id, peers };
      }),
    );

    socket.on(
      'video:state',
      (payload) =>
        void answer(log, undefined, async () => {
          const e = parse(ZVideoStateEvent, payload);
          const call = await inCall(socket, e.channelId);
          if (!call) return;
          const peer = { ...call.peer, audio: e.audio, video: e.video, screen: e.screen };
          if (e.feedId !== undefined) peer.feedId = e.feedId;
          call.peer = peer;
          socket.to(videoRoom(e.channelId)).emit('video:peer-state', { channelId: e.channelId, peer });
        }),
    );

    socket.on(
      'video:signal',
      (payload) =>
        void answer(log, undefined, async () => {
          const { to, ...signal } = parse(ZVideoSignalEvent, payload);
          if (!(await inCall(socket, signal.channelId)) || to === socket.id) return;
          // The target must be a socket in this same call right now (never taken from the client's word).
          const [target] = await io.in(to).fetchSockets();
          if (!target || target.id !== to || callOf(target)?.channelId !== signal.channelId) return;
          if (!target.rooms.has(videoRoom(signal.channelId))) return;
          io.to(to).emit('video:signal', { ...signal, from: socket.id });
        }),
    );

    socket.on('video:leave', (payload, ack) =>
      answer(log, ack, async () => {
        const { channelId } = parse(ZVideoLeaveEvent, payload);
        if (callOf(socket)?.channelId === channelId) leave(socket);
        return null;
      }),
    );

    socket.on('disconnecting', () => leave(socket));
  });
}
