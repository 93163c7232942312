import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { RouteAccess } from '../../platform/access/route-access';
import { AppError } from '../../platform/app-error';
import { answer, rooms, type RealtimeServer, type RealtimeSocket } from '../../plugins/realtime';
import { organisationOfQueue } from './queue-board.repo';
import { leadOrganisation } from './queue-board.service';

/** The board's socket access: the same declarations as its HTTP routes (queue-board.routes.ts). */
export const BOARD_ADMIN_ACCESS: RouteAccess = { kind: 'admin', area: 'serviceSettings', need: 'view', patientData: 'none' };
export const BOARD_LEAD_ACCESS: RouteAccess = { kind: 'expert', patientData: 'none' };

/**
 * `board:watch` (admin app) and `board:watchAsLead` (expert app): the socket joins its organisation's board room once
 * the caller passes the board's own check (an admin with the service settings' view there; an expert who leads a
 * shift there), and the organisation's room, where presence changes are told (`presence:changed`, staff module). The
 * rooms hear only that something changed, no figures: the page asks the HTTP route, which checks again.
 */
async function joinBoard(socket: RealtimeSocket, organisationId: string) {
  await socket.join([rooms.board(organisationId), rooms.organisation(organisationId)]);
  return { organisationId };
}

/** Declares and handles the board's two socket events (see `joinBoard`). */
export function registerBoardSocket(app: FastifyInstance, db: Db) {
  const log = app.log.child({ module: 'queue-board.socket' });
  app.declareSocketEvents({ 'board:watch': BOARD_ADMIN_ACCESS, 'board:watchAsLead': BOARD_LEAD_ACCESS });
  app.realtime.on('connection', (socket: RealtimeSocket) => {
    socket.on('board:watch', (_payload, ack) =>
      answer(log, ack, async () => {
        const organisationId = (await app.socketAccess(socket, BOARD_ADMIN_ACCESS)).staff?.organisationId;
        if (!organisationId) throw new AppError(403);
        return joinBoard(socket, organisationId);
      }),
    );
    socket.on('board:watchAsLead', (_payload, ack) =>
      answer(log, ack, async () => {
        const expert = (await app.socketAccess(socket, BOARD_LEAD_ACCESS)).expert;
        if (!expert) throw new AppError(403);
        return joinBoard(socket, await leadOrganisation(db, expert));
      }),
    );
  });
}

/**
 * What tells the board rooms that a figure moved, called after the change has committed: a queue's line
 * (`queueChanged`, from the chat's events) or anything else of an organisation's (`organisationChanged`, e.g. an
 * expert's presence). A queue's organisation is looked up once and kept: queues never move between organisations.
 */
export function boardNotifier(deps: { io: RealtimeServer; db: Db; log: FastifyBaseLogger }) {
  const organisationOf = new Map<string, string>();
  const organisationChanged = (organisationId: string) => {
    deps.io.to(rooms.board(organisationId)).emit('board:changed', {});
  };
  return {
    organisationChanged,
    queueChanged(queueId: string) {
      const known = organisationOf.get(queueId);
      if (known) return organisationChanged(known);
      organisationOfQueue(deps.db, queueId).then(
        (organisationId) => {
          if (!organisationId) return;
          organisationOf.set(queueId, organisationId);
          organisationChanged(organisationId);
        },
        (err: unknown) => deps.log.warn({ err, queueId }, 'queue board: telling the board failed'),
      );
    },
  };
}

export type BoardNotifier = ReturnType<typeof boardNotifier>;
