import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { apiClientOf, patientReadsOf } from '../../plugins/access';
import { capabilityStatement } from './fhir-capability';
import { FHIR_JSON, FhirError, sendFhirError } from './fhir-outcome';
import type { Query } from './fhir-search';
import { read, search, SEARCH_PARAMS, type FhirResourceType } from './fhir.service';
import { grantClientCredentials, OAuthError } from './oauth-token.service';

/** Token requests per address and minute: enough for any integration (a token lasts 15 minutes), little for guessing. */
export const TOKEN_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };
/** FHIR reads per address and minute. */
export const FHIR_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

type Opts = { db: Db; cipher: FieldCipher; apiTokenKey: Uint8Array; publicUrl: string };

const isType = (type: string): type is FhirResourceType => Object.hasOwn(SEARCH_PARAMS, type);

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
  const base = `${opts.publicUrl}/fhir/R4`;
  const started = new Date().toISOString();
  const deps = { db: opts.db, cipher: opts.cipher };

  app.post(
    '/oauth2/token',
    { config: { access: { kind: 'anyone' }, rateLimit: TOKEN_RATE_LIMIT }, errorHandler: sendOAuthError },
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
  app.get('/R4/metadata', { config: { access: { kind: 'anyone' }, rateLimit: FHIR_RATE_LIMIT } }, async (_req, reply) =>
    sendFhir(reply, capabilityStatement(base, `${opts.publicUrl}/fhir/oauth2/token`, { name: 'PRSP', date: started })),
  );
  const config = { access: { kind: 'apiClient', patientData: { audit: 'fhir.read' } }, rateLimit: FHIR_RATE_LIMIT } as const;
  app.get<{ Params: { type: string }; Querystring: Query }>('/R4/:type', { config }, async (req, reply) => {
    if (!isType(req.params.type)) throw new FhirError(404, 'not-found', 'Unsupported resource type');
    const caller = { client: apiClientOf(req), reads: patientReadsOf(req) };
    return sendFhir(reply, await search(deps, caller, req.params.type, req.query, base));
  });
  app.get<{ Params: { type: string; id: string } }>('/R4/:type/:id', { config }, async (req, reply) => {
    if (!isType(req.params.type)) throw new FhirError(404, 'not-found', 'Unsupported resource type');
    const caller = { client: apiClientOf(req), reads: patientReadsOf(req) };
    return sendFhir(reply, await read(deps, caller, req.params.type, req.params.id));
  });
}
