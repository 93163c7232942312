import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZAdminExpert, ZChatQueue, ZExpertIdParams, ZExpertInput, ZExpertList, ZExpertListQuery } from '@prsp/contracts';
import { ok } from '../../platform/ok';
import { actorOf } from '../../platform/access/admin-actor';
import * as experts from './experts-admin.service';

/**
 * The organisation's experts (spec §3 'Expert', §5). Each route declares the right it needs; the service scopes every
 * query by the session's organisation.
 */
export async function expertsAdminRoutes(fastify: FastifyInstance, deps: experts.ExpertsDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const one = { 200: okEnvelope(ZAdminExpert) };

  app.get(
    '/api/admin/experts/list',
    {
      config: { access: { kind: 'admin', area: 'experts', need: 'view', patientData: 'none' } },
      schema: { summary: 'List the organisation’s experts', querystring: ZExpertListQuery, response: { 200: okEnvelope(ZExpertList) } },
    },
    async (req) => {
      return ok(await experts.listExperts(deps, actorOf(req), req.query));
    },
  );
  app.get(
    '/api/admin/experts/chat-queues',
    {
      config: { access: { kind: 'admin', area: 'experts', need: 'view', patientData: 'none' } },
      schema: { summary: 'List the chat queues an expert can serve', response: { 200: okEnvelope(z.array(ZChatQueue)) } },
    },
    async (req) => {
      return ok(await experts.listChatQueues(deps, actorOf(req)));
    },
  );
  app.get(
    '/api/admin/experts/:id',
    {
      config: { access: { kind: 'admin', area: 'experts', need: 'view', object: 'expert', patientData: 'none' } },
      schema: { summary: 'Get an expert for admins', params: ZExpertIdParams, response: one },
    },
    async (req) => {
      return ok(await experts.getExpert(deps, actorOf(req), req.params.id));
    },
  );
  app.post(
    '/api/admin/experts/create',
    {
      config: { access: { kind: 'admin', area: 'experts', need: 'edit', patientData: 'none' } },
      schema: { summary: 'Create an expert', errors: [409], body: ZExpertInput, response: one },
    },
    async (req) => {
      return ok(await experts.createExpert(deps, actorOf(req), req.body));
    },
  );
  app.post(
    '/api/admin/experts/:id/update',
    {
      config: { access: { kind: 'admin', area: 'experts', need: 'edit', object: 'expert', patientData: 'none' } },
      schema: { summary: 'Change an expert', errors: [409], params: ZExpertIdParams, body: ZExpertInput, response: one },
    },
    async (req) => {
      return ok(await experts.updateExpert(deps, actorOf(req), req.params.id, req.body));
    },
  );
  app.delete(
    '/api/admin/experts/:id',
    {
      config: { access: { kind: 'admin', area: 'experts', need: 'edit', object: 'expert', patientData: 'none' } },
      schema: { summary: 'Delete an expert', params: ZExpertIdParams, response: { 200: okEnvelope(z.null()) } },
    },
    async (req) => {
      await experts.deleteExpert(deps, actorOf(req), req.params.id);
      return ok(null);
    },
  );
}
