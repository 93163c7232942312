import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { Db } from '../../db/client';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { apiClientOf, patientReadsOf } from '../../plugins/access';
import { capabilityStatement } from './fhir-capability';
import { assertJsonAccepted } from './fhir-format';
import { FHIR_JSON, FhirError, sendFhirError } from './fhir-outcome';
import { openPage, sealPage } from './fhir-page-token';
import { scopeCheck } from './fhir-scopes';
import { mergeParams, type Query } from './fhir-search';
import { plainPageUrl, read, search, SEARCH_PARAMS, type FhirResourceType, type PageUrl } from './fhir.service';
import { grantClientCredentials, OAuthError } from './oauth-token.service';

/** Token requests per address and minute: enough for any integration (a token lasts 15 minutes), little for guessing. */
export const TOKEN_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };
/** FHIR reads per address and minute. */
export const FHIR_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

type Opts = { db: Db; cipher: FieldCipher; apiTokenKey: Uint8Array; pageTokenKey: Buffer; publicUrl: string };

const isType = (type: string): type is FhirResourceType => Object.hasOwn(SEARCH_PARAMS, type);

/** A search's form (`POST [base]/{type}/_search`): parameters by name, a repeated one as a list (no body at all is null). */
const ZSearchForm = z.nullish(z.record(z.string().check(z.maxLength(64)), z.union([z.string(), z.array(z.string())])));
const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * The parameters a page link of a search by POST sealed (`_page`, which takes nothing else but `_format`), or the
 * request's own when it follows no such link.
 */
function pageParams(key: Buffer, clientId: string, type: FhirResourceType, params: Query): Query {
  const { _page: token, _format: format, ...others } = params;
  if (token === undefined) return params;
  if (typeof token !== 'string' || Object.keys(others).length > 0)
    throw new FhirError(400, 'invalid', '_page takes no other search parameters');
  return { ...openPage(key, clientId, type, token), ...(format === undefined ? {} : { _format: format }) };
}

/** The API is read-only: a write of a served type is refused with 405 and the methods its path allows. */
function refuseWrite(allow: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isType((req.params as { type: string }).type)) throw new FhirError(404, 'not-found', 'Unsupported resource type');
    reply.header('allow', allow);
    throw new FhirError(405, 'not-supported', `This FHIR API is read-only: ${req.method} is not supported`);
  };
}

function sendFhir(reply: FastifyReply, resource: unknown) {
  return reply.type(FHIR_JSON).send(JSON.stringify(resource));
}

/** The token endpoint's errors in RFC 6749 §5.2's JSON; a 401 names the Basic scheme it takes (§5.2). */
function sendOAuthError(err: FastifyError | Error, _req: FastifyRequest, reply: FastifyReply) {
  const status = (err as FastifyError).statusCode;
  const oauth =
    err instanceof OAuthError
      ? err
      : status === 429
        ? new OAuthError('invalid_request', 400, 'Too many requests')
        : status && status < 500
          ? new OAuthError('invalid_request', 400, 'Malformed request: send application/x-www-form-urlencoded')
          : null;
  if (!oauth) throw err;
  if (oauth.status === 401) reply.header('www-authenticate', 'Basic realm="fhir"');
  return reply
    .code(status === 429 ? 429 : oauth.status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error: oauth.error, error_description: oauth.description });
}

/**
 * The read-only FHIR R4 API for integrations (docs/fhir.md), registered under `/fhir`: the OAuth token endpoint,
 * the CapabilityStatement and read and search of each resource. Its own error and not-found handlers answer in
 * OperationOutcomes, whatever refused the request (the access guard, a rate limit, the service).
 */
export async function fhirRoutes(app: FastifyInstance, opts: Opts) {
  await app.register(formbody);
  app.setErrorHandler((err: FastifyError, req, reply) => sendFhirError(req, reply, err));
  app.setNotFoundHandler((req, reply) => sendFhirError(req, reply, new FhirError(404, 'not-found', 'Unknown FHIR path')));
  // Every FHIR answer is JSON: a request that asks for XML (`_format`, `Accept`) is refused before anything is read.
  // After the access guard (onRequest), so an unauthenticated caller is still told 401 first.
  app.addHook('preParsing', async (req) => {
    if (req.url.startsWith('/fhir/R4/')) assertJsonAccepted((req.query as Query)._format, req.headers.accept);
  });
  // Every read and search needs its type's scope (docs/fhir.md 'Scopes'); writes were refused before (preParsing).
  app.addHook('preHandler', scopeCheck(isType));
  const base = `${opts.publicUrl}/fhir/R4`;
  const started = new Date().toISOString();
  const deps = { db: opts.db, cipher: opts.cipher };

  app.post(
    '/oauth2/token',
    {
      config: { access: { kind: 'anyone' }, rateLimit: TOKEN_RATE_LIMIT },
      schema: { summary: 'Get an access token for an API client by OAuth client credentials' },
      errorHandler: sendOAuthError,
    },
    async (req, reply) => {
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        throw new OAuthError('invalid_request', 400, 'Send application/x-www-form-urlencoded');
      }
      const answer = await grantClientCredentials(opts.db, opts.apiTokenKey, body, req.headers.authorization);
      return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
    },
  );
  // Public, as FHIR clients read it before they authenticate: it holds nothing of any organisation's.
  app.get(
    '/R4/metadata',
    { config: { access: { kind: 'anyone' }, rateLimit: FHIR_RATE_LIMIT }, schema: { summary: 'Read the FHIR CapabilityStatement' } },
    async (_req, reply) =>
      sendFhir(reply, capabilityStatement(base, `${opts.publicUrl}/fhir/oauth2/token`, { name: 'PRSP', date: started })),
  );
  const config = { access: { kind: 'apiClient', patientData: { audit: 'fhir.read' } }, rateLimit: FHIR_RATE_LIMIT } as const;

  /**
   * One search however it came: by GET, by POST (its form and query string as one set), or by following the page
   * link of a search by POST (`_page`). A search by POST, and the pages it links, link their pages with sealed tokens
   * (fhir-page-token.ts), so what the form carried (an identity code) never reaches a URL.
   */
  async function answerSearch(req: FastifyRequest<{ Params: { type: string } }>, reply: FastifyReply, params: Query, byPost: boolean) {
    const type = req.params.type;
    if (!isType(type)) throw new FhirError(404, 'not-found', 'Unsupported resource type');
    const client = apiClientOf(req);
    const query = pageParams(opts.pageTokenKey, client.id, type, params);
    // A form's `_format` too (the query string's was checked before the body was read).
    assertJsonAccepted(query._format, undefined);
    const sealed: PageUrl = (t, page) => `${base}/${t}?_page=${sealPage(opts.pageTokenKey, client.id, t, page)}`;
    const pageUrl = byPost || params._page !== undefined ? sealed : plainPageUrl(base);
    return sendFhir(reply, await search(deps, { client, reads: patientReadsOf(req) }, type, query, base, pageUrl));
  }

  // A search's parameters are checked by the search itself (an unknown or malformed one answers 400), not by a schema.
  app.get<{ Params: { type: string }; Querystring: Query }>(
    '/R4/:type',
    { config, schema: { summary: 'Search the organisation’s resources of one FHIR type', errors: [400] } },
    async (req, reply) => answerSearch(req, reply, req.query, false),
  );
  // Search by POST (R4 http.html#search): the same search, parameters in a form, so none of them reaches a URL.
  app.post<{ Params: { type: string }; Querystring: Query; Body: Query | null | undefined }>(
    '/R4/:type/_search',
    {
      config,
      schema: {
        body: ZSearchForm,
        consumes: [FORM_TYPE],
        summary: 'FHIR search by POST',
        description: 'The search of `GET /fhir/R4/{type}`, its parameters in an application/x-www-form-urlencoded form (docs/fhir.md).',
        operationId: 'fhirSearchByPost',
      },
      preValidation: async (req) => {
        const type = req.headers['content-type'];
        if (type !== undefined && !type.toLowerCase().startsWith(FORM_TYPE))
          throw new FhirError(415, 'invalid', `Send the search parameters as ${FORM_TYPE}`);
      },
    },
    async (req, reply) => answerSearch(req, reply, mergeParams(req.query, req.body ?? undefined), true),
  );
  app.get<{ Params: { type: string; id: string } }>(
    '/R4/:type/:id',
    { config, schema: { summary: 'Read one FHIR resource of the organisation' } },
    async (req, reply) => {
      if (!isType(req.params.type)) throw new FhirError(404, 'not-found', 'Unsupported resource type');
      const caller = { client: apiClientOf(req), reads: patientReadsOf(req) };
      return sendFhir(reply, await read(deps, caller, req.params.type, req.params.id));
    },
  );

  // Create, update, patch and delete (conditional ones on the type too) answer 405 once the caller is known: before
  // any body is read, whatever its type. Not operations a client can use, so out of the OpenAPI document.
  const readOnly = { access: { kind: 'apiClient', patientData: 'none' }, rateLimit: FHIR_RATE_LIMIT } as const;
  // Never reached (the preParsing hook refuses every request), but Fastify wants a handler.
  const refused = async () => {
    throw new FhirError(405, 'not-supported', 'This FHIR API is read-only');
  };
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/R4/:type',
    config: readOnly,
    schema: { hide: true },
    preParsing: refuseWrite('GET, HEAD'),
    handler: refused,
  });
  app.route({
    method: ['PUT', 'PATCH', 'DELETE'],
    url: '/R4/:type/:id',
    config: readOnly,
    schema: { hide: true },
    preParsing: refuseWrite('GET, HEAD'),
    handler: refused,
  });
}
