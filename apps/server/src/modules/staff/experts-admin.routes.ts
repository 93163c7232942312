import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZAdminExpert, ZChatQueue, ZExpertIdParams, ZExpertInput, ZExpertList, ZExpertListQuery } from '@prsp/contracts';
import { ok } from '../../platform/ok';
import { actorOf } from '../organisations/admin-actor';
import * as experts from './experts-admin.service';

/**
 * The organisation's experts (spec §3 'Expert', §5). No guards here: ADMIN_ROUTE_RIGHTS (experts-admin.rights.ts)
 * puts each route's guard in front; the service scopes every query by the session's organisation.
 */
export async function expertsAdminRoutes(fastify: FastifyInstance, deps: experts.ExpertsDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const one = { 200: okEnvelope(ZAdminExpert) };

  app.get(
    '/api/admin/experts/list',
    { schema: { querystring: ZExpertListQuery, response: { 200: okEnvelope(ZExpertList) } } },
    async (req) => {
      return ok(await experts.listExperts(deps, actorOf(req), req.query));
    },
  );
  app.get('/api/admin/experts/chat-queues', { schema: { response: { 200: okEnvelope(z.array(ZChatQueue)) } } }, async (req) => {
    return ok(await experts.listChatQueues(deps, actorOf(req)));
  });
  app.get('/api/admin/experts/:id', { schema: { params: ZExpertIdParams, response: one } }, async (req) => {
    return ok(await experts.getExpert(deps, actorOf(req), req.params.id));
  });
  app.post('/api/admin/experts/create', { schema: { body: ZExpertInput, response: one } }, async (req) => {
    return ok(await experts.createExpert(deps, actorOf(req), req.body));
  });
  app.post('/api/admin/experts/:id/update', { schema: { params: ZExpertIdParams, body: ZExpertInput, response: one } }, async (req) => {
    return ok(await experts.updateExpert(deps, actorOf(req), req.params.id, req.body));
  });
  app.delete('/api/admin/experts/:id', { schema: { params: ZExpertIdParams, response: { 200: okEnvelope(z.null()) } } }, async (req) => {
    await experts.deleteExpert(deps, actorOf(req), req.params.id);
    return ok(null);
  });
}
