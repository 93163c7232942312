import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  okEnvelope,
  ZWebhookDeliveriesQuery,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookEndpointCreate,
  ZWebhookEndpointCreated,
  ZWebhookEndpointParams,
  ZWebhookEndpointUpdate,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { ok } from '../../platform/ok';
import { actorOf } from '../../platform/access/admin-actor';
import { registerWebhookDelivery } from './webhook-delivery';
import * as service from './webhooks-admin.service';

const view = { kind: 'admin', area: 'serviceSettings', need: 'view', patientData: 'none' } as const;
const edit = { kind: 'admin', area: 'serviceSettings', need: 'edit', patientData: 'none' } as const;
const editEndpoint = { ...edit, object: 'webhookEndpoint' } as const;

/**
 * Webhooks (docs/webhooks.md): the organisation's endpoints and their deliveries under `/api/admin/webhooks`, for
 * admins with the service-settings right (view to list, edit to change), each change audited; and the delivery job
 * `webhooks.deliver` on the job runner. Register after the jobs plugin.
 */
export async function webhooksRoutes(fastify: FastifyInstance, opts: { db: Db; cipher: FieldCipher; production: boolean }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const policy = { production: opts.production };
  const deps = { db: opts.db, cipher: opts.cipher, policy };
  registerWebhookDelivery(fastify.jobs, deps);
  const params = ZWebhookEndpointParams;

  app.get(
    '/api/admin/webhooks/endpoints',
    {
      config: { access: view },
      schema: { summary: 'List the organisation’s webhook endpoints', response: { 200: okEnvelope(z.array(ZWebhookEndpoint)) } },
    },
    async (req) => ok(await service.listEndpoints(opts.db, actorOf(req))),
  );
  app.post(
    '/api/admin/webhooks/endpoints/create',
    {
      config: { access: edit },
      schema: { summary: 'Add a webhook endpoint', body: ZWebhookEndpointCreate, response: { 200: okEnvelope(ZWebhookEndpointCreated) } },
    },
    async (req, reply) => {
      // The answer holds the signing secret: no cache keeps it.
      reply.header('cache-control', 'no-store');
      return ok(await service.createEndpoint(deps, actorOf(req), req.body));
    },
  );
  app.post(
    '/api/admin/webhooks/endpoints/:id/update',
    {
      config: { access: editEndpoint },
      schema: {
        summary: 'Change a webhook endpoint',
        params,
        body: ZWebhookEndpointUpdate,
        response: { 200: okEnvelope(ZWebhookEndpoint) },
      },
    },
    async (req) => ok(await service.updateEndpoint(opts.db, actorOf(req), req.params.id, req.body)),
  );
  app.delete(
    '/api/admin/webhooks/endpoints/:id',
    { config: { access: editEndpoint }, schema: { summary: 'Remove a webhook endpoint', params, response: { 200: okEnvelope(z.null()) } } },
    async (req) => {
      await service.deleteEndpoint(opts.db, actorOf(req), req.params.id);
      return ok(null);
    },
  );
  app.post(
    '/api/admin/webhooks/endpoints/:id/test',
    {
      config: { access: editEndpoint },
      schema: { summary: 'Send a test event to a webhook endpoint', params, response: { 200: okEnvelope(ZWebhookDelivery) } },
    },
    async (req) => ok(await service.sendTestEvent(opts.db, actorOf(req), req.params.id)),
  );
  app.get(
    '/api/admin/webhooks/deliveries',
    {
      config: { access: view },
      schema: {
        summary: 'List recent webhook deliveries',
        querystring: ZWebhookDeliveriesQuery,
        response: { 200: okEnvelope(z.array(ZWebhookDelivery)) },
      },
    },
    async (req) => ok(await service.listDeliveries(opts.db, actorOf(req), req.query.endpointId)),
  );
}
