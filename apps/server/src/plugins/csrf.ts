import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../platform/app-error';
import { randomToken, safeEqual } from '../platform/crypto/tokens';
import type { CookieNames } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Double-submit CSRF protection with an Origin check for every mutating `/api` request.
 * The token cookie is readable by our own script, which echoes it in the header; another site
 * can neither read it nor set the header. The Origin (or Referer) must be the service's own.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, opts: { names: CookieNames; production: boolean; publicOrigin: string }) => {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    if (SAFE_METHODS.has(req.method)) {
      if (!req.cookies[opts.names.csrf]) {
        reply.setCookie(opts.names.csrf, randomToken(), { path: '/', httpOnly: false, sameSite: 'lax', secure: opts.production });
      }
      return;
    }
    const origin = req.headers.origin ?? originOf(req.headers.referer);
    if (origin !== opts.publicOrigin) throw new AppError(403, { detail: `origin refused: ${origin ?? 'none'}` });
    const cookie = req.cookies[opts.names.csrf];
    const header = req.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) throw new AppError(403, { detail: 'csrf token mismatch' });
  });
});

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
