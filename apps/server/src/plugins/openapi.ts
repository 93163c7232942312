import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the same zod schemas the routes validate with, so the document cannot drift
 * from the code. Served as JSON at `/api/docs` (no bundled UI: any OpenAPI viewer can read it).
 * Registered before the routes so it sees them all.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'PRSP API', description: 'Remote healthcare service: patient, guest, expert and admin API', version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  app.get('/api/docs', { config: { access: { kind: 'anyone' } }, schema: { hide: true } }, async () => app.swagger());
});
