import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { resolveSession, type Session, type SessionPolicy } from '../platform/session/sessions.service';
import { isApiRequest } from './api-path';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    /** The live session of this request, or null. Loaded for `/api` requests only. */
    session: Session | null;
  }
}

export type CookieNames = { session: string; csrf: string; login: string };

/** `__Host-` cookies must be Secure, host-only and path `/`: used in production, where the site is https. */
export function cookieNames(production: boolean): CookieNames {
  const prefix = production ? '__Host-' : '';
  // The sign-in state cookie is scoped to /api/login, which `__Host-` forbids; `__Secure-` still demands https.
  return { session: `${prefix}prsp_session`, csrf: `${prefix}prsp_csrf`, login: `${production ? '__Secure-' : ''}prsp_login` };
}

export function sessionCookieOptions(production: boolean, maxAgeSeconds: number) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: production, maxAge: maxAgeSeconds };
}

export function setSessionCookie(reply: FastifyReply, names: CookieNames, production: boolean, token: string, policy: SessionPolicy) {
  reply.setCookie(names.session, token, sessionCookieOptions(production, policy.absoluteSeconds));
}

export function clearSessionCookie(reply: FastifyReply, names: CookieNames, production: boolean) {
  reply.clearCookie(names.session, sessionCookieOptions(production, 0));
}

/** Loads the server-side session named by the cookie; expired ones count as none. */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { db: Db; policy: SessionPolicy; names: CookieNames }) => {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (req) => {
    // The decoded route, not the raw URL: `/%61pi/…` is an /api request too (as for the CSRF check).
    if (!isApiRequest(req)) return;
    const token = req.cookies[opts.names.session];
    req.session = token ? ((await resolveSession(opts.db, opts.policy, token)) ?? null) : null;
  });
});
