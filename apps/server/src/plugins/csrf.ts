import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RouteAccess } from '../platform/access/route-access';
import { AppError } from '../platform/app-error';
import { randomToken, safeEqual } from '../platform/crypto/tokens';
import { isApiRequest, isSafeMethod } from './api-path';
import type { CookieNames } from './session';
import { CSRF_HEADER } from '@prsp/contracts';

/** The double submit: the header echoes the token cookie, which another site can neither read nor set. */
function assertCsrfToken(req: FastifyRequest, names: CookieNames): void {
  const cookie = req.cookies[names.csrf];
  const header = req.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) throw new AppError(403, { detail: 'csrf token mismatch' });
}

/** The request comes from a page of ours: its Origin (or, failing that, its Referer) is the service's own. */
function assertOwnOrigin(req: FastifyRequest, publicOrigin: string): void {
  const origin = req.headers.origin ?? originOf(req.headers.referer);
  if (origin !== publicOrigin) throw new AppError(403, { detail: `origin refused: ${origin ?? 'none'}` });
}

/**
 * Double-submit CSRF protection with an Origin check for every mutating `/api` request.
 * The token cookie is readable by our own script, which echoes it in the header.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, opts: { names: CookieNames; production: boolean; publicOrigin: string }) => {
  // Not async: nothing here waits, and every request passes (a refusal goes to `done` as the error).
  app.addHook('onRequest', (req, reply, done) => {
    // The decoded route, not the raw URL: `/%61pi/logout` reaches `/api/logout` too.
    if (!isApiRequest(req)) return done();
    // The survey runner's routes take a bearer token and no cookie: another site has nothing to ride on, and the
    // sandboxed runner has no origin of its own to show (it sends `Origin: null`).
    if ((req.routeOptions.config as { access?: RouteAccess } | undefined)?.access?.kind === 'surveyToken') return done();
    if (isSafeMethod(req)) {
      if (!req.cookies[opts.names.csrf]) {
        reply.setCookie(opts.names.csrf, randomToken(), { path: '/', httpOnly: false, sameSite: 'lax', secure: opts.production });
      }
      return done();
    }
    try {
      assertOwnOrigin(req, opts.publicOrigin);
      assertCsrfToken(req, opts.names);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
});

/**
 * The same protection for a GET the spec makes change state (`GET /sso/logout`, `GET /on-behalf/clear`):
 * the plugin lets GETs through, and a link, image or top-level navigation from another site carries the
 * SameSite=Lax cookie. Without `publicOrigin` only the token is required.
 */
export function requireCsrfOnGet(names: CookieNames, publicOrigin?: string) {
  return async (req: FastifyRequest): Promise<void> => {
    if (publicOrigin) assertOwnOrigin(req, publicOrigin);
    assertCsrfToken(req, names);
  };
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
