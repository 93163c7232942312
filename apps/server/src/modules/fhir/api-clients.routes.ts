import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZApiClient, ZApiClientCreate, ZApiClientCreated, ZApiClientParams } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { ok } from '../../platform/ok';
import { actorOf } from '../../platform/access/admin-actor';
import * as clients from './api-clients.service';

/** The organisation's FHIR API clients (docs/fhir.md): service settings, viewed to list, edited to create or revoke. */
export async function apiClientsAdminRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/api-clients',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'view', patientData: 'none' } },
      schema: { summary: 'List the organisation’s API clients', response: { 200: okEnvelope(z.array(ZApiClient)) } },
    },
    async (req) => ok(await clients.listApiClients(opts.db, actorOf(req))),
  );
  app.post(
    '/api/admin/api-clients',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'edit', patientData: 'none' } },
      schema: {
        summary: 'Create an API client with its scopes (the secret is answered once)',
        body: ZApiClientCreate,
        response: { 200: okEnvelope(ZApiClientCreated) },
      },
    },
    async (req, reply) => {
      // The secret is in this answer only: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return ok(await clients.createApiClient(opts.db, actorOf(req), req.body));
    },
  );
  app.post(
    '/api/admin/api-clients/:id/revoke',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'edit', object: 'apiClient', patientData: 'none' } },
      schema: {
        summary: 'Revoke an API client (its tokens stop working at once)',
        params: ZApiClientParams,
        response: { 200: okEnvelope(ZApiClient) },
      },
    },
    async (req) => ok(await clients.revokeApiClient(opts.db, actorOf(req), req.params.id)),
  );
}
