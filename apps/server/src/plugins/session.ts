import type { FastifyInstance, FastifyReply, onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { patientScope } from '../platform/access/patient-access';
import type { ReadModelCache } from '../platform/cache/read-model-cache';
import { sha256 } from '../platform/crypto/tokens';
import { heldSession, resolveSession, sessionScope, type Session, type SessionPolicy } from '../platform/session/sessions.service';
import { hooksOf } from './access';
import { isApiRequest, isSafeMethod, mayWrite } from './api-path';
import { CSRF_COOKIE, HOST_COOKIE_PREFIX } from '@prsp/contracts';

declare module 'fastify' {
  // Declaration merging needs interfaces.
  /* eslint-disable @typescript-eslint/consistent-type-definitions */
  interface FastifyRequest {
    /** The live session of this request, or null. Loaded for `/api` requests only. */
    session: Session | null;
  }
  interface FastifyContextConfig {
    /**
     * A writing route whose writes change nothing its caller's cached session or patient access is read from (no
     * table migration 0013's triggers watch: contact details, a slot's hold, a chat's queue): this instance keeps the
     * caller's copies after it, instead of reading them again on their next request. Every route that says so is
     * called by session-cache-kept.int.test.ts, which fails if one notifies a scope of its caller's.
     */
    keepsCallerCache?: true;
  }
  /* eslint-enable @typescript-eslint/consistent-type-definitions */
}

export type CookieNames = { session: string; csrf: string; login: string };

/** `__Host-` cookies must be Secure, host-only and path `/`: used in production, where the site is https. */
export function cookieNames(production: boolean): CookieNames {
  const prefix = production ? HOST_COOKIE_PREFIX : '';
  // The sign-in state cookie is scoped to /api/login, which `__Host-` forbids; `__Secure-` still demands https.
  return { session: `${prefix}prsp_session`, csrf: `${prefix}${CSRF_COOKIE}`, login: `${production ? '__Secure-' : ''}prsp_login` };
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

/**
 * Loads the server-side session named by the cookie; expired ones count as none. With `cache`, the session row and
 * the patient's access state come from the read-model cache; a write by the session (any other method than GET, HEAD
 * or OPTIONS: signing out, acting on someone's behalf, choosing an organisation, accepting terms) drops this
 * instance's copies before the answer leaves, so the caller's next request here never sees them as they were; other
 * instances hear of it from the database's triggers. That drop is a hook of the `/api` routes that take such methods
 * only (added as they are registered), so a GET pays for no onSend hook at all, nor a route that says
 * `keepsCallerCache` (its writes touch nothing those copies are read from).
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; policy: SessionPolicy; names: CookieNames; cache?: ReadModelCache }) => {
    app.decorateRequest('session', null);
    app.addHook('onRequest', (req, _reply, done) => {
      // The decoded route, not the raw URL: `/%61pi/…` is an /api request too (as for the CSRF check).
      if (!isApiRequest(req)) return done();
      const token = req.cookies[opts.names.session];
      req.session = null;
      if (!token) return done();
      const now = new Date();
      // Held in memory and live: answered without a promise (most requests); otherwise judged by resolveSession.
      const held = opts.cache && heldSession(opts.policy, token, now, opts.cache);
      if (held) {
        req.session = held;
        return done();
      }
      resolveSession(opts.db, opts.policy, token, now, opts.cache).then((session) => {
        req.session = session ?? null;
        done();
      }, done);
    });
    const { cache } = opts;
    if (!cache) return;
    const dropCallersCopies: onSendHookHandler = (req, _reply, payload, done) => {
      if (!isSafeMethod(req)) {
        const token = req.cookies[opts.names.session];
        if (token) cache.invalidateScope(sessionScope(sha256(token)), 'local');
        for (const patientId of [req.session?.patientId, req.session?.actingForPatientId]) {
          if (patientId) cache.invalidateScope(patientScope(patientId), 'local');
        }
      }
      done(null, payload);
    };
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/') || !mayWrite(route) || route.config?.keepsCallerCache) return;
      route.onSend = [...hooksOf(route.onSend), dropCallersCopies];
    });
  },
);
