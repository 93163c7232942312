import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../platform/access/route-access';

/**
 * OpenAPI generated from the same zod schemas the routes validate with, so the document cannot drift
 * from the code. Served as JSON at `/api/docs` (no bundled UI: any OpenAPI viewer can read it) to whom `API_DOCS`
 * says: anyone, signed-in staff (production's default: the whole route table is a map for an attacker), or nobody.
 * Registered before the routes so it sees them all.
 */
export const openApiPlugin = fp(async (app: FastifyInstance, opts: { apiDocs: 'public' | 'staff' | 'off' }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'PRSP API', description: 'Remote healthcare service: patient, guest, expert and admin API', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  if (opts.apiDocs === 'off') return;
  const access: RouteAccess = opts.apiDocs === 'staff' ? { kind: 'staff', patientData: 'none' } : { kind: 'anyone' };
  app.get('/api/docs', { config: { access }, schema: { hide: true } }, async () => app.swagger());
});
