import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import { isApiRequest } from './api-path';
import { redisOrLocalStore } from './rate-limit-store';
import { AppError } from '../platform/app-error';
import { sendError } from './errors';

/** `connectSrc`, `frameSrc`, `formAction`: origins beyond our own that the pages may connect to, frame and post to. */
type SecurityOptions = { production: boolean; redis?: Redis; connectSrc?: string[]; frameSrc?: string[]; formAction?: string[] };

/**
 * Security headers and the rate limiter. The CSP allows scripts and styles from our own origin only: no inline
 * script, no `<style>` element and no `style` attribute in markup. The web app's style props and CSS variables go
 * through the CSSOM (`element.style`), which CSP does not govern; server-rendered pages link their stylesheets.
 * Rate limits are opt-in per route (`config.rateLimit`); with Redis they count across instances.
 * Every `/api` answer may carry personal data, so none is stored by a browser or proxy cache (`no-store`)
 * unless its route sets its own caching (the public static lists, public organisation images).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  // Helmet's headers, worked out once: they are the same for every request. (@fastify/helmet builds helmet anew for
  // each request, and helmet itself composes the CSP for each: together a tenth of a cached API answer's time.) A
  // route that needs another CSP sets it after this.
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // Plus the Janus instances' public WebSocket origins, which browsers reach directly (VIDEO_PROVIDER=janus).
          connectSrc: ["'self'", ...(opts.connectSrc ?? [])],
          mediaSrc: ["'self'", 'blob:'],
          // Plus the health-assessment connector's origin, when it is not ours.
          frameSrc: ["'self'", ...(opts.frameSrc ?? [])],
          frameAncestors: ["'none'"],
          // Plus the identity broker's: the logout posts its end-session request there (the ID token in the body).
          formAction: ["'self'", ...(opts.formAction ?? [])],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          ...(opts.production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
    }),
  );
  // One hook, not async: it has nothing to wait for, and a promise per request is a cost every answer pays.
  app.addHook('onRequest', (req, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    if (isApiRequest(req)) reply.header('cache-control', 'no-store');
    done();
  });
  await app.register(rateLimit, { global: false, ...(opts.redis ? { store: redisOrLocalStore(opts.redis, 'prsp-rl:') } : {}) });
  // An unknown path costs little to answer, but a scanner walking paths gets no unlimited tries (per client address):
  // every 'not found' counts, from the router and from the web app's catch-all route alike.
  const notFoundLimit = app.createRateLimit(NOT_FOUND_RATE_LIMIT);
  app.decorate('notFound', async (req: FastifyRequest) => {
    const counted = await notFoundLimit(req);
    return new AppError(!counted.isAllowed && counted.isExceeded ? 429 : 404);
  });
  app.setNotFoundHandler(async (req, reply) => sendError(req, reply, await app.notFound(req)));
});

/**
 * Limit for answers of 'not found': a person who mistypes an address never comes near it, nor do the browsers behind
 * one municipal NAT asking for an old build's files after a deploy.
 */
export const NOT_FOUND_RATE_LIMIT = { max: 300, timeWindow: '1 minute' };

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** The error for an unknown path: 404, or 429 once the caller has asked for too many (NOT_FOUND_RATE_LIMIT). */
    notFound(req: FastifyRequest): Promise<AppError>;
  }
}

/** The headers a helmet middleware sets (it sets the same ones for every request). */
function headersOf(middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void) {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => void headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return [...headers];
}

/** Limit for the sign-in routes: per client address. */
export const SIGN_IN_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };
