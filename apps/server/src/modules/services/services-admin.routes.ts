import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZAdminService, ZAdminServiceDetail, ZChatQueue, ZServiceIdParams, ZServiceInput } from '@prsp/contracts';
import { ok } from '../../platform/ok';
import { actorOf } from '../../platform/access/admin-actor';
import * as services from './services-admin.service';

/**
 * The organisation's services (spec §3 'Service'). Each route declares the right it needs; the service scopes every
 * query by the session's organisation.
 */
export async function servicesAdminRoutes(fastify: FastifyInstance, opts: services.ServicesDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const one = { 200: okEnvelope(ZAdminServiceDetail) };

  app.get(
    '/api/admin/services/list',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'view', patientData: 'none' } },
      schema: { summary: 'List the organisation’s services', response: { 200: okEnvelope(z.array(ZAdminService)) } },
    },
    async (req) => {
      return ok(await services.listServices(opts.db, actorOf(req)));
    },
  );
  app.get(
    '/api/admin/services/chat-queues',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'view', patientData: 'none' } },
      schema: { summary: 'List the chat queues a service can use', response: { 200: okEnvelope(z.array(ZChatQueue)) } },
    },
    async (req) => {
      return ok(await services.listChatQueues(opts.db, actorOf(req)));
    },
  );
  app.get(
    '/api/admin/services/:id',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'view', object: 'service', patientData: 'none' } },
      schema: { summary: 'Get a service for admins', params: ZServiceIdParams, response: one },
    },
    async (req) => {
      return ok(await services.getService(opts.db, actorOf(req), req.params.id));
    },
  );
  app.post(
    '/api/admin/services/create',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'edit', patientData: 'none' } },
      schema: { summary: 'Create a service', body: ZServiceInput, response: one },
    },
    async (req) => {
      return ok(await services.createService(opts, actorOf(req), req.body));
    },
  );
  app.post(
    '/api/admin/services/:id/update',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'edit', object: 'service', patientData: 'none' } },
      schema: { summary: 'Change a service', params: ZServiceIdParams, body: ZServiceInput, response: one },
    },
    async (req) => {
      return ok(await services.updateService(opts, actorOf(req), req.params.id, req.body));
    },
  );
  app.delete(
    '/api/admin/services/:id',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'edit', object: 'service', patientData: 'none' } },
      schema: { summary: 'Delete a service', params: ZServiceIdParams, response: { 200: okEnvelope(z.null()) } },
    },
    async (req) => {
      await services.deleteService(opts.db, actorOf(req), req.params.id);
      return ok(null);
    },
  );
}
