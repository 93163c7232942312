import type { FastifyInstance } from 'fastify';
import { ZPresenceHeartbeat } from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { RouteAccess } from '../../platform/access/route-access';
import { AppError } from '../../platform/app-error';
import { answer, rooms, type RealtimeServer, type RealtimeSocket } from '../../plugins/realtime';
import { heartbeat, organisationsOfExpert, wentOffline, type PresenceNotice } from './presence.service';

const expert: RouteAccess = { kind: 'expert', patientData: 'none' };
/** How long a socket keeps its user's organisations and idle minutes before reading them again. */
const ORGANISATIONS_KEPT_MS = 5 * 60_000;

/**
 * Tells the organisations' rooms (the queue board's sockets may join `org:<id>`) and the user's own sockets (their
 * other tabs' presence control) that the user's presence may have changed: they refetch.
 */
export function presenceNotice(io: RealtimeServer): PresenceNotice {
  return (userId, organisationIds) => {
    io.to(rooms.user(userId)).emit('presence:changed', { organisationId: organisationIds[0] ?? '' });
    for (const organisationId of organisationIds) io.to(rooms.organisation(organisationId)).emit('presence:changed', { organisationId });
  };
}

/**
 * `presence:heartbeat` from the expert app (issue 32): one upsert of `staff_presence` per heartbeat; a change of state
 * (online, idle, back) is told to the organisation. When an expert's last socket closes (asked of every instance, as
 * chat-events.ts `online` does), they are offline at once; not when the instance closes it because it is stopping
 * (a rolling deploy): the app reconnects to another instance within seconds, and a tab that does not come back is
 * offline after PRESENCE_OFFLINE_SECONDS without heartbeats. An instance's close waits for the offline marks in hand.
 */
export function registerPresenceSocket(app: FastifyInstance, db: Db) {
  const log = app.log.child({ module: 'presence.socket' });
  const notice = presenceNotice(app.realtime);
  app.declareSocketEvents({ 'presence:heartbeat': expert });
  const marking = new Set<Promise<void>>();
  app.addHook('onClose', async () => void (await Promise.all(marking)));

  app.realtime.on('connection', (socket: RealtimeSocket) => {
    let organisations: { at: number; list: Promise<{ id: string; idleMinutes: number }[]> } | undefined;
    let heartbeatUser: string | undefined;
    const organisationsOf = (userId: string) => {
      if (!organisations || Date.now() - organisations.at > ORGANISATIONS_KEPT_MS)
        organisations = { at: Date.now(), list: organisationsOfExpert(db, userId) };
      return organisations.list;
    };

    socket.on('presence:heartbeat', (payload, ack) =>
      answer(log, ack, async () => {
        const parsed = ZPresenceHeartbeat.safeParse(payload);
        if (!parsed.success) throw new AppError(400);
        const ctx = await app.socketAccess(socket, expert);
        const userId = ctx.expert!.userId;
        heartbeatUser = userId;
        const changed = await heartbeat(db, userId, parsed.data.active, () => organisationsOf(userId));
        if (changed.length > 0) notice(userId, changed);
        return null;
      }),
    );

    socket.on('disconnect', () => {
      const userId = heartbeatUser;
      if (!userId || app.realtimeStopping()) return;
      const mark = (async () => {
        const left = await app.realtime.in(rooms.user(userId)).fetchSockets();
        if (left.length > 0) return;
        notice(userId, await wentOffline(db, userId));
      })()
        .catch((err: unknown) => log.warn({ err }, 'presence: marking offline failed'))
        .finally(() => marking.delete(mark));
      marking.add(mark);
    });
  });
}
