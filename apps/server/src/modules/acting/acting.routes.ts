import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZOnBehalfCallbackQuery, ZOnBehalfSetQuery, type OnBehalfError } from '@prsp/contracts';
import { ok } from '../../platform/ok';
import { requestLanguage } from '../../platform/request-language';
import { requireCsrfOnGet } from '../../plugins/csrf';
import { SIGN_IN_RATE_LIMIT } from '../../plugins/security';
import type { CookieNames } from '../../plugins/session';
import * as acting from './acting.service';
import { MANDATE_FLOW_TTL_MS, OnBehalfRefusal } from './on-behalf-flow';

export type ActingRouteOptions = Omit<acting.ActingDeps, 'redirectUri'> & { names: CookieNames; production: boolean; publicUrl: string };

/** Where the mandate service sends the browser back; register exactly this URL with the service. */
export const ON_BEHALF_CALLBACK_PATH = '/api/on-behalf/callback';

const LANDING = '/landing';
const AUTHENTICATION = '/authentication';

/**
 * Act on behalf (spec §4 'Act on behalf', §7 `GET /on-behalf/clear` and browser navigation to
 * `/on-behalf/set`). `set` and `callback` are full-page navigations, so they answer with redirects,
 * never JSON: to the mandate service, to the landing page, or to the landing page with a reason.
 */
export async function actingRoutes(fastify: FastifyInstance, opts: ActingRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: acting.ActingDeps = { ...opts, redirectUri: `${opts.publicUrl}${ON_BEHALF_CALLBACK_PATH}` };
  // `__Host-` (production) needs path `/`; the cookie lives only as long as a flow may.
  const flowCookieName = `${opts.production ? '__Host-' : ''}prsp_mandate`;
  const flowCookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.production };

  // Browser navigations, not API calls: without a patient session they redirect to the authentication page.
  const browserFlow = { access: { kind: 'anyone' }, rateLimit: SIGN_IN_RATE_LIMIT } as const;

  const refuse = (req: FastifyRequest, reply: FastifyReply, err: unknown) => {
    const reason: OnBehalfError = err instanceof OnBehalfRefusal ? err.reason : 'failed';
    // The detail says which rule refused; it never holds names or identity codes.
    if (err instanceof OnBehalfRefusal) req.log.info({ reason, detail: err.message }, 'act on behalf refused');
    else req.log.error({ err }, 'act on behalf failed');
    return reply.redirect(`${LANDING}?onBehalfError=${reason}`, 303);
  };

  app.get(
    '/api/on-behalf/set',
    {
      schema: { summary: 'Start acting on behalf of another person (redirects to the mandate service)', querystring: ZOnBehalfSetQuery },
      config: browserFlow,
    },
    async (req, reply) => {
      const session = req.session;
      if (!session?.patientId) return reply.redirect(AUTHENTICATION, 303);
      try {
        const { redirectTo, state } = await acting.startActing(deps, { ...session, patientId: session.patientId }, requestLanguage(req));
        reply.setCookie(flowCookieName, state, { ...flowCookie, maxAge: MANDATE_FLOW_TTL_MS / 1000 });
        return reply.redirect(redirectTo, 303);
      } catch (err) {
        return refuse(req, reply, err);
      }
    },
  );

  app.get(
    ON_BEHALF_CALLBACK_PATH,
    // A malformed redirect is a failed flow, shown on the landing page, not a JSON error in the browser.
    {
      schema: {
        summary: 'Finish choosing whom the patient acts on behalf of (the mandate service’s redirect)',
        querystring: ZOnBehalfCallbackQuery,
      },
      attachValidation: true,
      config: browserFlow,
    },
    async (req, reply) => {
      reply.clearCookie(flowCookieName, flowCookie);
      const session = req.session;
      if (!session?.patientId) return reply.redirect(AUTHENTICATION, 303);
      if (req.validationError) return refuse(req, reply, new OnBehalfRefusal('failed', 'malformed callback query'));
      try {
        await acting.finishActing(deps, {
          session: { ...session, patientId: session.patientId },
          stateFromCookie: req.cookies[flowCookieName],
          query: req.query,
          ip: req.ip,
        });
        return reply.redirect(LANDING, 303);
      } catch (err) {
        return refuse(req, reply, err);
      }
    },
  );

  app.get(
    '/api/on-behalf/clear',
    {
      // The spec makes this a GET, yet it changes the session. The global CSRF check covers only unsafe
      // methods, so this route demands the same double-submit token: a page on another site can make the
      // browser GET this URL (image, link, top-level navigation) but cannot add a custom header or read
      // our cookie to put in it. Not signed in is still 101, answered before this check.
      config: { access: { kind: 'patient' } },
      preHandler: requireCsrfOnGet(opts.names),
      schema: { summary: 'Stop acting on behalf of another person', errors: [403], response: { 200: okEnvelope(z.null()) } },
    },
    async (req) => {
      const session = req.session!;
      await acting.stopActing(deps, { ...session, patientId: session.patientId! }, req.ip);
      return ok(null);
    },
  );
}
