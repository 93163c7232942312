import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZIceServer, ZVideoSession, zUuid } from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { RouteAccess } from '../../platform/access/route-access';
import { ok } from '../../platform/ok';
import { callerUserId, chatCallerOf } from './chat-participants';
import { iceServersFor, type IceConfig } from './video-ice';
import type { VideoProvider } from './video-provider';
import { videoSession } from './video-session.service';
import { registerVideoSocket } from './video.socket';

const member: RouteAccess = { kind: 'chatMember', patientData: 'none' };
const ZIdParams = z.object({ id: zUuid() });
const ZIceAnswer = z.object({ iceServers: z.array(ZIceServer), iceTransportPolicy: z.enum(['all', 'relay']) });

const callerOf = (req: FastifyRequest) => chatCallerOf({ patient: req.patientContext, expert: req.expert, guest: req.guest });

/**
 * Video calls of appointments (docs/video.md): how to join a channel's call, and ICE servers for the device check.
 * Presence and mesh signalling go over the socket (`video.socket.ts`).
 */
export async function videoRoutes(fastify: FastifyInstance, opts: { db: Db; provider: VideoProvider; ice: IceConfig }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerVideoSocket(fastify, { db: opts.db });

  app.get(
    '/api/video/channels/:id/session',
    {
      config: { access: member },
      schema: { summary: 'Get the video session of a chat', params: ZIdParams, response: { 200: okEnvelope(ZVideoSession) } },
    },
    async (req) => ok(await videoSession({ db: opts.db, provider: opts.provider, ice: opts.ice }, callerOf(req), req.params.id)),
  );

  app.get(
    '/api/video/ice-servers',
    { config: { access: member }, schema: { summary: 'Get the video call’s ICE servers', response: { 200: okEnvelope(ZIceAnswer) } } },
    async (req) => ok(iceServersFor(opts.ice, callerUserId(callerOf(req)))),
  );
}
