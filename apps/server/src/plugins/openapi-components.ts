import { API_CLIENT_SCOPES, CSRF_HEADER, ZErrorEnvelope } from '@prsp/contracts';
import { toJSONSchema, type z } from 'zod/mini';
import {
  errorShapeOf,
  errorStatusesFor,
  operationIdFor,
  SCHEME,
  securityFor,
  type DocumentedRoute,
  type ErrorShape,
  type MultipartBodyDoc,
} from './openapi-operations';
import type { CookieNames } from './session';

/** The per-operation mark the route transform leaves (an `x-` key, which @fastify/swagger copies to the operation). */
export const OPERATION_MARK = 'x-prsp-derived';

/** What the route transform found of the route's declaration, for every method it takes. */
export type OperationMark = { route: Omit<DocumentedRoute, 'method'>; multipart?: MultipartBodyDoc };
type Operation = {
  operationId?: string;
  security?: unknown;
  responses?: Record<string, unknown>;
  requestBody?: unknown;
  [OPERATION_MARK]?: OperationMark;
};
type OpenApiObject = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

/** The component schema and media type of each shape of error answer. */
const ERROR_SCHEMAS: Record<ErrorShape, { name: string; mediaType: string }> = {
  envelope: { name: 'ErrorEnvelope', mediaType: 'application/json' },
  operationOutcome: { name: 'OperationOutcome', mediaType: 'application/fhir+json' },
  oauthError: { name: 'OAuthError', mediaType: 'application/json' },
};

const STATUS_TEXTS: Record<number, string> = {
  400: 'The request is not valid (fields name what failed)',
  401: 'No valid session or token',
  403: 'Not allowed: missing rights, terms not accepted, or a state change without the CSRF token',
  404: 'The object (or the organisation chosen) is not found, or is not the caller’s',
  406: 'The format asked for is not served (only JSON)',
  409: 'Conflicts with the current state (taken, in use, already used)',
  413: 'The body or a file is too large',
  415: 'The content type is not accepted',
  429: 'Too many requests (`Retry-After` says when to try again)',
  500: 'The server failed to process the request',
  502: 'A service the operation depends on failed',
};

/**
 * The document's shared components: the error answers' schemas (the app's envelope from the contracts; FHIR's
 * OperationOutcome; RFC 6749's token error) and the security schemes the operations name (openapi-operations.ts).
 */
export function openApiComponents(names: CookieNames) {
  return {
    schemas: {
      ErrorEnvelope: toJSONSchema(ZErrorEnvelope, { target: 'openapi-3.0' }) as Record<string, unknown>,
      OperationOutcome: {
        type: 'object',
        required: ['resourceType', 'issue'],
        properties: {
          resourceType: { type: 'string', enum: ['OperationOutcome'] },
          issue: {
            type: 'array',
            items: {
              type: 'object',
              required: ['severity', 'code'],
              properties: { severity: { type: 'string' }, code: { type: 'string' }, diagnostics: { type: 'string' } },
            },
          },
        },
      },
      OAuthError: {
        type: 'object',
        required: ['error'],
        properties: { error: { type: 'string' }, error_description: { type: 'string' } },
      },
    },
    securitySchemes: {
      [SCHEME.session]: { type: 'apiKey' as const, in: 'cookie', name: names.session, description: 'The session cookie set at sign-in.' },
      [SCHEME.csrfCookie]: {
        type: 'apiKey' as const,
        in: 'cookie',
        name: names.csrf,
        description: 'The CSRF token cookie, set on any GET under /api/; echoed in the CSRF header.',
      },
      [SCHEME.csrfHeader]: {
        type: 'apiKey' as const,
        in: 'header',
        name: CSRF_HEADER,
        description: 'The CSRF cookie’s value, required on every request that changes state (with an Origin of the service).',
      },
      [SCHEME.guest]: { type: 'http' as const, scheme: 'bearer', description: 'A guest’s token from the guest sign-in.' },
      [SCHEME.survey]: { type: 'http' as const, scheme: 'bearer', description: 'The survey runner’s token (docs/surveys.md).' },
      [SCHEME.apiClient]: {
        type: 'oauth2' as const,
        description: 'An API client’s access token (docs/fhir.md).',
        flows: {
          clientCredentials: {
            tokenUrl: '/fhir/oauth2/token',
            scopes: Object.fromEntries(API_CLIENT_SCOPES.map((scope) => [scope, `Read ${scope.split('/')[1]!.split('.')[0]}`])),
          },
        },
      },
    },
  };
}

/** The `multipart/form-data` body: the file fields as binary strings, the text fields as their schema says. */
function multipartBody(doc: MultipartBodyDoc) {
  const binary = { type: 'string', format: 'binary' };
  const fields: { properties?: object; required?: string[] } = Array.isArray(doc.fields)
    ? { properties: Object.fromEntries(doc.fields.map((name: string) => [name, { type: 'string' }])) }
    : doc.fields
      ? (toJSONSchema(doc.fields as z.ZodMiniType, { target: 'openapi-3.0', io: 'input' }) as typeof fields)
      : {};
  const properties = {
    ...fields.properties,
    ...Object.fromEntries(doc.files.map((file) => [file.name, file.repeated ? { type: 'array', items: binary } : binary])),
  };
  const required = [...(fields.required ?? []), ...doc.files.filter((file) => file.required).map((file) => file.name)];
  return {
    required: true,
    content: { 'multipart/form-data': { schema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) } } },
  };
}

/**
 * Turns each operation's mark into, for its method: its operationId (unless the route names one), its security, its
 * error answers (where the route declared no other schema) and its multipart body. Each method gets its own copy:
 * @fastify/swagger gives the methods of one route the same object.
 */
export function finishOperations(doc: OpenApiObject): OpenApiObject {
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, shared] of Object.entries(operations)) {
      const { [OPERATION_MARK]: mark, ...rest } = shared;
      if (!mark) continue;
      const route = { ...mark.route, method: method.toUpperCase() };
      const operation: Operation = { ...rest, responses: { ...rest.responses } };
      operations[method] = operation;
      operation.operationId ??= operationIdFor(route.method, path);
      operation.security = securityFor(route);
      const { name, mediaType } = ERROR_SCHEMAS[errorShapeOf(route.url)];
      const responses = operation.responses!;
      for (const status of errorStatusesFor(route)) {
        responses[String(status)] ??= {
          description: STATUS_TEXTS[status] ?? 'Error',
          content: { [mediaType]: { schema: { $ref: `#/components/schemas/${name}` } } },
        };
      }
      if (mark.multipart) operation.requestBody = multipartBody(mark.multipart);
    }
  }
  return doc;
}
