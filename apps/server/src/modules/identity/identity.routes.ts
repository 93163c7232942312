import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  okEnvelope,
  toLanguage,
  ZAuthCheck,
  ZLoginQuery,
  ZLogoutResult,
  ZStrippedToken,
  ZUserInfo,
  type LoginError,
} from '@prsp/contracts';
import { AppError } from '../../platform/app-error';
import { ok } from '../../platform/ok';
import { clearSessionCookie, setSessionCookie, type CookieNames } from '../../plugins/session';
import { SIGN_IN_RATE_LIMIT } from '../../plugins/security';
import * as identity from './identity.service';
import { requirePatientSession } from '../../platform/access/patient-access';
import { effectivePatientId } from '../../platform/session/sessions.service';

export type IdentityRouteOptions = identity.IdentityDeps & { names: CookieNames; production: boolean; publicUrl: string };

/** Patient strong identification (spec §7 'Session and lists', patient part). */
export async function identityRoutes(fastify: FastifyInstance, opts: IdentityRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Called on every page: the session alone answers, no database read for the access check.
  const patient = { access: { kind: 'patientSession' } } as const;
  const loginCookie = { path: '/api/login', httpOnly: true, sameSite: 'lax' as const, secure: opts.production };

  app.get(
    '/api/login',
    { schema: { querystring: ZLoginQuery }, config: { access: { kind: 'anyone' }, rateLimit: SIGN_IN_RATE_LIMIT } },
    async (req, reply) => {
      const lang = toLanguage(req.query.lang);
      const { redirectTo, state } = await identity.startLogin(opts, lang === 'se' ? 'sv' : lang);
      reply.setCookie(opts.names.login, state, { ...loginCookie, maxAge: identity.LOGIN_FLOW_TTL_MS / 1000 });
      return reply.redirect(redirectTo, 303);
    },
  );

  app.get('/api/login/callback', { config: { access: { kind: 'anyone' }, rateLimit: SIGN_IN_RATE_LIMIT } }, async (req, reply) => {
    reply.clearCookie(opts.names.login, loginCookie);
    try {
      const { token, returnTo } = await identity.finishLogin(opts, {
        stateFromCookie: req.cookies[opts.names.login],
        callbackUrl: new URL(req.url, opts.publicUrl),
        ip: req.ip,
        previousSessionId: req.session?.id,
      });
      setSessionCookie(reply, opts.names, opts.production, token, opts.policy);
      return reply.redirect(returnTo, 303);
    } catch (err) {
      // The browser is mid-navigation: send it to the authentication page with a reason it can show.
      const reason: LoginError = err instanceof AppError && err.code === 105 ? 'invalidSsn' : 'loginFailed';
      req.log.warn({ err: err instanceof AppError ? err.message : err }, 'sign-in failed');
      return reply.redirect(`/?error=${reason}`, 303);
    }
  });

  app.get('/api/auth/check', { config: patient, schema: { response: { 200: okEnvelope(ZAuthCheck) } } }, async (req) => {
    return ok({ authenticated: true as const, expiresAt: req.session!.expiresAt.toISOString() });
  });

  app.get('/api/user/info', { config: patient, schema: { response: { 200: okEnvelope(ZUserInfo) } } }, async (req) => {
    return ok(await identity.userInfo(opts, requirePatientSession(req.session).patientId));
  });

  app.get('/api/user/stripped-token', { config: patient, schema: { response: { 200: okEnvelope(ZStrippedToken) } } }, async (req) => {
    return ok(await identity.strippedToken(opts, effectivePatientId(requirePatientSession(req.session))!));
  });

  // The answer names the provider's end-session URL: the web app goes there so the identification ends too.
  app.post(
    '/api/logout',
    { config: { access: { kind: 'anyone' } }, schema: { response: { 200: okEnvelope(ZLogoutResult) } } },
    async (req, reply) => {
      const endSessionUrl = req.session ? await identity.logout(opts, req.session, req.ip) : null;
      clearSessionCookie(reply, opts.names, opts.production);
      return ok(endSessionUrl ? { endSessionUrl } : null);
    },
  );
}
