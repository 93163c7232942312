import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, ZExpertPresence, ZSetPresenceRequest } from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { RouteAccess } from '../../platform/access/route-access';
import { AppError } from '../../platform/app-error';
import { ok } from '../../platform/ok';
import { presenceNotice } from './presence.socket';
import { choosePresence, ownPresence } from './presence.service';

const expert: RouteAccess = { kind: 'expert', patientData: 'none' };

/** The expert's own presence (issue 32, docs/chat.md 'Presence'): read it, and choose available, busy or away. */
export async function presenceRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const notice = presenceNotice(fastify.realtime);
  const ctxOf = (req: { expert?: { userId: string; organisationId: string | null } }) => {
    if (!req.expert) throw new AppError(500, { detail: 'route not declared for experts' });
    return req.expert;
  };

  app.get(
    '/api/expert/presence',
    {
      config: { access: expert },
      schema: { summary: 'Get the expert’s own presence', response: { 200: okEnvelope(ZExpertPresence) } },
    },
    async (req) => ok(await ownPresence(opts.db, ctxOf(req))),
  );

  app.put(
    '/api/expert/presence',
    {
      config: { access: expert },
      schema: {
        summary: 'Choose available, busy or away',
        body: ZSetPresenceRequest,
        response: { 200: okEnvelope(ZExpertPresence) },
      },
    },
    async (req) => ok(await choosePresence(opts.db, ctxOf(req), req.body.status, notice)),
  );
}
