import type { FastifyInstance } from 'fastify';
import type { JWK } from 'jose';
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
  languageTag,
} from '@prsp/contracts';
import { AppError } from '../../platform/app-error';
import { requestLanguage } from '../../platform/request-language';
import { ok } from '../../platform/ok';
import { clearSessionCookie, setSessionCookie, type CookieNames } from '../../plugins/session';
import { SIGN_IN_RATE_LIMIT } from '../../plugins/security';
import * as identity from './identity.service';
import { userInfoAnswer, type UserInfoDeps } from './user-info.service';
import { sendSerialized } from '../../platform/serialized-reply';
import { requirePatientSession } from '../../platform/access/patient-access';
import { effectivePatientId } from '../../platform/session/sessions.service';

export type IdentityRouteOptions = identity.IdentityDeps &
  UserInfoDeps & {
    names: CookieNames;
    production: boolean;
    publicUrl: string;
    /** The public half of our signing and encryption keys, which the identity broker verifies and encrypts with. */
    publicJwks: { keys: JWK[] };
  };

/** Where the broker (or its operator, to configure it statically) reads our public keys. */
const JWKS_PATH = '/.well-known/jwks.json';

/**
 * Why a sign-in failed, for the log: the error's message and code only. A library error may carry the broker's
 * answer (claims, tokens) in its other fields; those name the person and stay out of the log.
 */
function reasonOf(err: unknown): { message: string; code?: string; error?: string } {
  if (!(err instanceof Error)) return { message: 'unknown' };
  // `error` is the broker's OAuth error code (invalid_client, invalid_grant…), what an operator looks up first.
  const { code, error } = err as { code?: unknown; error?: unknown };
  return { message: err.message, ...(typeof code === 'string' ? { code } : {}), ...(typeof error === 'string' ? { error } : {}) };
}

/** What the authentication page tells the person; a cancel at the broker (OAuth access_denied) is no failure. */
function loginErrorOf(err: unknown): LoginError {
  if (err instanceof AppError && err.code === 105) return 'invalidSsn';
  return (err as { error?: unknown } | null)?.error === 'access_denied' ? 'loginCancelled' : 'loginFailed';
}

/** Patient strong identification (spec §7 'Session and lists', patient part). */
export async function identityRoutes(fastify: FastifyInstance, opts: IdentityRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Called on every page: the session alone answers, no database read for the access check.
  const patient = { access: { kind: 'patientSession' } } as const;
  const loginCookie = { path: '/api/login', httpOnly: true, sameSite: 'lax' as const, secure: opts.production };

  app.get(
    '/api/login',
    {
      schema: { summary: 'Start a patient’s sign-in (redirects to the identity provider)', querystring: ZLoginQuery },
      config: { access: { kind: 'anyone' }, rateLimit: SIGN_IN_RATE_LIMIT },
    },
    async (req, reply) => {
      const lang = toLanguage(req.query.lang);
      try {
        const { redirectTo, state } = await identity.startLogin(opts, lang && languageTag(lang));
        reply.setCookie(opts.names.login, state, { ...loginCookie, maxAge: identity.LOGIN_FLOW_TTL_MS / 1000 });
        return await reply.redirect(redirectTo, 303);
      } catch (err) {
        // A browser navigation, not an API call: the broker being away is shown on the authentication page.
        req.log.warn({ reason: reasonOf(err) }, 'sign-in could not start: identity broker unavailable');
        // The language the sign-in was asked in goes along: the page may not have stored it in a cookie.
        const back = new URLSearchParams({ error: 'loginFailed' satisfies LoginError, ...(lang ? { lang } : {}) });
        return reply.redirect(`/?${back}`, 303);
      }
    },
  );

  app.get(
    '/api/login/callback',
    {
      schema: { summary: 'Finish a patient’s sign-in (the identity provider’s redirect)' },
      config: { access: { kind: 'anyone' }, rateLimit: SIGN_IN_RATE_LIMIT },
    },
    async (req, reply) => {
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
        // The browser is mid-navigation: send it to the authentication page with a reason it can show. What the log
        // keeps is the reason (an acr not allowed, an unencrypted token…), never the person.
        const reason = loginErrorOf(err);
        req.log.warn({ reason: reasonOf(err) }, 'sign-in failed');
        return reply.redirect(`/?error=${reason}`, 303);
      }
    },
  );

  // Public keys only; a broker caches them, so a rotation publishes the new key before it is used (docs/identity.md).
  app.get(JWKS_PATH, { config: { access: { kind: 'anyone' } } }, async (_req, reply) =>
    reply.type('application/jwk-set+json').header('cache-control', 'public, max-age=3600').send(opts.publicJwks),
  );

  app.get(
    '/api/auth/check',
    { config: patient, schema: { summary: 'Check the patient’s session', response: { 200: okEnvelope(ZAuthCheck) } } },
    async (req) => {
      return ok({ authenticated: true as const, expiresAt: req.session!.expiresAt.toISOString() });
    },
  );

  app.get(
    '/api/user/info',
    { config: patient, schema: { summary: 'Get the signed-in patient’s information', response: { 200: okEnvelope(ZUserInfo) } } },
    async (req, reply) => sendSerialized(reply, await userInfoAnswer(opts, requirePatientSession(req.session))),
  );

  app.get(
    '/api/user/stripped-token',
    {
      config: patient,
      schema: { summary: 'Get the patient’s session token without personal data', response: { 200: okEnvelope(ZStrippedToken) } },
    },
    async (req) => {
      return ok(await identity.strippedToken(opts, effectivePatientId(requirePatientSession(req.session))!));
    },
  );

  // The answer is the provider's end-session request: the web app POSTs it so the identification ends too.
  app.post(
    '/api/logout',
    { config: { access: { kind: 'anyone' } }, schema: { summary: 'Sign out', response: { 200: okEnvelope(ZLogoutResult) } } },
    async (req, reply) => {
      const endSession = req.session ? await identity.logout(opts, req.session, req.ip, languageTag(requestLanguage(req))) : null;
      clearSessionCookie(reply, opts.names, opts.production);
      return ok(endSession ? { endSession } : null);
    },
  );
}
