import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../platform/access/route-access';
import { openApiComponents, finishOperations, OPERATION_MARK, type OperationMark } from './openapi-components';
import { isDocumented, type DocumentedRoute } from './openapi-operations';
import type { CookieNames } from './session';

type SwaggerRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>;
type Transformed = { schema?: Record<string, unknown>; url: string };

/** What the route declares, as openapi-operations.ts reads it (for each of its methods). */
function documentedRoute(route: SwaggerRoute): Omit<DocumentedRoute, 'method'> {
  const schema = route.schema ?? {};
  const config = (route.config ?? {}) as { access?: RouteAccess; rateLimit?: unknown };
  return {
    url: route.url,
    access: config.access,
    rateLimited: config.rateLimit !== undefined,
    hasBody: schema.body !== undefined,
    hasQuery: schema.querystring !== undefined,
    hasParams: schema.params !== undefined,
    pathParams: route.url.includes(':'),
    multipart: schema.multipart !== undefined,
    errors: schema.errors ?? [],
  };
}

/**
 * The zod transform, then: hidden when the route is not part of the API, else marked with its declaration, which
 * `finishOperations` turns into each method's operationId, security and error answers (and the multipart body) once
 * the document is assembled: a route may take several methods, which answer differently (CSRF on a change).
 */
function transformRoute(input: Parameters<typeof jsonSchemaTransform>[0]): Transformed {
  const route = input.route as SwaggerRoute;
  const result = jsonSchemaTransform(input) as Transformed;
  const methods = [route.method].flat().map(String);
  if (!methods.some((method) => isDocumented(method, route.url))) return { ...result, schema: { ...result.schema, hide: true } };
  const { errors: _errors, multipart: _multipart, ...schema } = result.schema ?? {};
  const mark: OperationMark = { route: documentedRoute(route), multipart: route.schema?.multipart };
  return { ...result, schema: { ...schema, [OPERATION_MARK]: mark } };
}

/**
 * OpenAPI generated from the same zod schemas the routes validate with, so the document cannot drift
 * from the code. Served as JSON at `/api/docs` (no bundled UI: any OpenAPI viewer can read it) to whom `API_DOCS`
 * says: anyone, signed-in staff (production's default: the whole route table is a map for an attacker), or nobody.
 * Registered before the routes so it sees them all. docs/openapi.md says what it holds and how to make a client.
 */
export const openApiPlugin = fp(async (app: FastifyInstance, opts: { apiDocs: 'public' | 'staff' | 'off'; names: CookieNames }) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'PRSP API', description: 'Remote healthcare service: patient, guest, expert and admin API', version: '1.0.0' },
      // Relative: the document describes the service that serves it, whatever its address.
      servers: [{ url: '/' }],
      // The security schemes must be there when the routes' requirements are read.
      components: openApiComponents(opts.names) as never,
    },
    transform: transformRoute as never,
    transformObject: (document) => finishOperations((document as { openapiObject: never }).openapiObject) as never,
    hideUntagged: false,
  });
  if (opts.apiDocs === 'off') return;
  const access: RouteAccess = opts.apiDocs === 'staff' ? { kind: 'staff', patientData: 'none' } : { kind: 'anyone' };
  app.get('/api/docs', { config: { access }, schema: { hide: true } }, async () => app.swagger());
});
