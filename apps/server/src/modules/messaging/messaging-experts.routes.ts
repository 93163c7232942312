import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZExpertSearchQuery, ZExpertSearchResult, ZMessagingExpert, ZMessagingExpertUpdate } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { ExpertContext } from '../../platform/access/route-access';
import { ok } from '../../platform/ok';
import { actorOf } from '../../platform/access/admin-actor';
import * as messagingExperts from './messaging-experts.service';

const ZExpertIdParams = z.object({ expertId: z.uuid('invalid') });

/** The expert context the route's `expert` declaration loaded. */
export function expertCallerOf(req: FastifyRequest): ExpertContext {
  if (!req.expert) throw new AppError(500, { detail: 'route not declared for experts' });
  return req.expert;
}

/**
 * Who handles messages: the admin's list and switch (spec §2 `/admin/messages/experts`, service settings right),
 * and the expert's list of colleagues who handle messages (spec §7 `expert/async-messaging/experts/list`).
 */
export async function messagingExpertsRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const list = { querystring: ZExpertSearchQuery, response: { 200: okEnvelope(ZExpertSearchResult) } };

  app.get(
    '/api/admin/async-messaging/experts/list',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'view', patientData: 'none' } },
      schema: { summary: 'List the experts who answer messages', ...list },
    },
    async (req) => ok(await messagingExperts.adminExperts(opts.db, actorOf(req), req.query)),
  );
  app.post(
    '/api/admin/async-messaging/experts/:expertId/update',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'edit', object: 'expert', patientData: 'none' } },
      schema: {
        summary: 'Change which message categories an expert answers',
        params: ZExpertIdParams,
        body: ZMessagingExpertUpdate,
        response: { 200: okEnvelope(ZMessagingExpert) },
      },
    },
    async (req) => ok(await messagingExperts.updateExpert(opts.db, actorOf(req), req.params.expertId, req.body.handlesMessages)),
  );
  app.get(
    '/api/expert/async-messaging/experts/list',
    {
      config: { access: { kind: 'expert', patientData: 'none' } },
      schema: { summary: 'List the expert’s colleagues in messaging', ...list },
    },
    async (req) => ok(await messagingExperts.colleagues(opts.db, expertCallerOf(req), req.query)),
  );
}
