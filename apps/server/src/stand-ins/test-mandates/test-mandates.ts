import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeSsn, toLanguage } from '@prsp/contracts';
import { safeEqual } from '../../platform/crypto/tokens';
import { MANDATES_SIGNATURE_HEADER, verifyMandatesSignature } from '../../modules/acting/mandates-signing';
import { createMandatesStore, TOKEN_TTL_MS } from './mandates-store';
import { choosePage, expiredPage, STYLE } from './pages';
import { displayName, hasMandate, principalsOf } from './test-mandates-data';

export type TestMandatesOptions = { clientId: string; apiSecret: string; oauthSecret: string; redirectUri: string };

export const TEST_MANDATES_PREFIX = '/test-mandates';

type Params = Record<string, string | undefined>;

/**
 * A stand-in for Suomi.fi Mandates (Suomi.fi-valtuudet) speaking its Web API over real HTTP, so the
 * product's client runs unchanged against it: signed `/service/hpa/…` calls (checksum and ±5 minute time
 * stamp, else 401), the selection page at `/oauth/authorize`, `/oauth/token` with HTTP Basic and
 * single-use five-minute codes, bearer tokens bound to one Web API session.
 * On purpose it records whatever principal the selection form posts, even one the delegate holds no
 * mandate for, so that the product's own authorization check (DISALLOWED) can be exercised.
 */
export async function testMandatesPlugin(app: FastifyInstance, opts: TestMandatesOptions) {
  const store = createMandatesStore();
  await app.register(formbody);

  const denied = (reply: FastifyReply, error = 'unauthorized') => reply.code(401).send({ error });

  /** The signature covers the path and query relative to the service's base address, as called. */
  const signatureProblem = (req: FastifyRequest) =>
    verifyMandatesSignature(req.headers[MANDATES_SIGNATURE_HEADER] as string | undefined, {
      clientId: opts.clientId,
      apiKey: opts.apiSecret,
      pathWithQuery: req.url.slice(TEST_MANDATES_PREFIX.length),
    });

  /** Signed call with a live bearer token of the Web API session named in the path. */
  const authorisedSession = (req: FastifyRequest<{ Params: Params }>) => {
    if (signatureProblem(req)) return undefined;
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer ? store.token(bearer) : undefined;
    if (!token || token.sessionId !== req.params.sessionId) return undefined;
    return store.session(token.sessionId);
  };

  app.get(`${TEST_MANDATES_PREFIX}/style.css`, async (_req, reply) => reply.type('text/css').send(STYLE));

  app.get<{ Params: Params; Querystring: Params }>(
    `${TEST_MANDATES_PREFIX}/service/hpa/user/register/:clientId/:delegateId`,
    async (req, reply) => {
      if (signatureProblem(req) || req.params.clientId !== opts.clientId) return denied(reply);
      if (!req.query.requestId) return reply.code(400).send({ error: 'requestId missing' });
      const session = store.openSession(normalizeSsn(req.params.delegateId ?? ''));
      return { sessionId: session.sessionId, userId: session.userId };
    },
  );

  app.get<{ Querystring: Params }>(`${TEST_MANDATES_PREFIX}/oauth/authorize`, async (req, reply) => {
    const q = req.query;
    const lang = toLanguage(q.lang) ?? 'fi';
    // Never redirect to an address that was not registered for the client.
    if (q.client_id !== opts.clientId || q.redirect_uri !== opts.redirectUri) {
      return reply.code(400).type('text/html; charset=utf-8').send(expiredPage(lang));
    }
    const back = (params: Params) => reply.redirect(withQuery(opts.redirectUri, { ...params, state: q.state }), 303);
    if (q.response_type !== 'code') return back({ error: 'unsupported_response_type' });
    const session = store.sessionOfUser(q.user ?? '');
    if (!session) return back({ error: 'invalid_request' });
    const interaction = store.startInteraction({ sessionId: session.sessionId, redirectUri: opts.redirectUri, state: q.state });
    const action = `${TEST_MANDATES_PREFIX}/oauth/authorize/${interaction.id}?lang=${lang}`;
    return reply.type('text/html; charset=utf-8').send(choosePage({ action, lang, principals: principalsOf(session.delegateSsn) }));
  });

  app.post<{ Params: Params; Querystring: Params; Body: Params }>(`${TEST_MANDATES_PREFIX}/oauth/authorize/:id`, async (req, reply) => {
    const lang = toLanguage(req.query.lang) ?? 'fi';
    const interaction = store.interaction(req.params.id ?? '');
    const session = interaction && store.session(interaction.sessionId);
    if (!interaction || !session) return reply.code(400).type('text/html; charset=utf-8').send(expiredPage(lang));
    const back = (params: Params) => reply.redirect(withQuery(interaction.redirectUri, { ...params, state: interaction.state }), 303);
    if (req.body?.cancel) {
      store.endInteraction(interaction.id);
      return back({ error: 'access_denied' });
    }
    const principal = normalizeSsn(req.body?.principal ?? '');
    if (!principal) {
      const action = `${TEST_MANDATES_PREFIX}/oauth/authorize/${interaction.id}?lang=${lang}`;
      return reply
        .type('text/html; charset=utf-8')
        .send(choosePage({ action, lang, principals: principalsOf(session.delegateSsn), error: true }));
    }
    store.endInteraction(interaction.id);
    session.chosen = [principal];
    return back({ code: store.issueCode(session.sessionId, interaction.redirectUri) });
  });

  app.post<{ Querystring: Params; Body: Params }>(`${TEST_MANDATES_PREFIX}/oauth/token`, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!basicAuthMatches(req.headers.authorization, opts.clientId, opts.oauthSecret)) return denied(reply, 'invalid_client');
    // As the service's OAuth 2.0 endpoint, parameters are read from the query string or a form body.
    const params = { ...req.query, ...(typeof req.body === 'object' ? req.body : {}) };
    if (params.grant_type !== 'authorization_code') return reply.code(400).send({ error: 'unsupported_grant_type' });
    const grant = store.takeCode(params.code ?? '');
    if (!grant || grant.redirectUri !== params.redirect_uri) return reply.code(400).send({ error: 'invalid_grant' });
    return { access_token: store.issueToken(grant.sessionId), token_type: 'bearer', expires_in: TOKEN_TTL_MS / 1000, scope: 'read' };
  });

  app.get<{ Params: Params }>(`${TEST_MANDATES_PREFIX}/service/hpa/api/delegate/:sessionId`, async (req, reply) => {
    const session = authorisedSession(req);
    if (!session) return denied(reply);
    return session.chosen.map((personId) => ({ personId, name: displayName(personId) }));
  });

  app.get<{ Params: Params }>(`${TEST_MANDATES_PREFIX}/service/hpa/api/authorization/:sessionId/:principalId`, async (req, reply) => {
    const session = authorisedSession(req);
    if (!session) return denied(reply);
    return { result: hasMandate(session.delegateSsn, normalizeSsn(req.params.principalId ?? '')) ? 'ALLOWED' : 'DISALLOWED' };
  });
}

function withQuery(url: string, params: Params): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(key, value);
  return target.href;
}

function basicAuthMatches(header: string | undefined, clientId: string, secret: string): boolean {
  const encoded = /^Basic (\S+)$/i.exec(header ?? '')?.[1];
  if (!encoded) return false;
  return safeEqual(Buffer.from(encoded, 'base64').toString('utf8'), `${clientId}:${secret}`);
}
