import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  okEnvelope,
  SURVEY_RUNNER_PATH,
  ZRunnerAnswered,
  ZRunnerAnswers,
  ZRunnerSurvey,
  ZSurveyResponseParams,
  ZSurveyTokenResponse,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import type { SurveyTokenGrant } from '../../platform/access/survey-access';
import { AppError } from '../../platform/app-error';
import type { RouteAccess } from '../../platform/access/route-access';
import { ok } from '../../platform/ok';
import { requestLanguage } from '../../platform/request-language';
import { patientContextOf } from '../../plugins/access';
import { requireCsrfOnGet } from '../../plugins/csrf';
import type { CookieNames } from '../../plugins/session';
import * as service from './survey-frame.service';
import type { Emit } from '../../platform/events/event-hub';

const patient: RouteAccess = { kind: 'patient', organisation: 'required', terms: true };
const runner: RouteAccess = { kind: 'surveyToken' };
const RUNNER_API = '/api/survey-runner';
/** Each token request writes a row: generous for people, short for a loop. */
const TOKEN_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
const RUNNER_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

export type SurveyFrameRouteOptions = { db: Db; emit: Emit; names: CookieNames; production: boolean; publicUrl: string };

/**
 * CORS for the runner's two routes only. The runner runs in a frame sandboxed without same-origin, so its requests
 * come from the opaque origin `null`; they carry the token in a header and no cookie, so `null` is allowed without
 * credentials. No other route answers CORS at all.
 */
function allowSandboxedRunner(req: FastifyRequest, reply: FastifyReply): void {
  reply.header('vary', 'origin');
  if (req.headers.origin !== 'null') return;
  reply.header('access-control-allow-origin', 'null');
  if (req.method === 'OPTIONS') {
    reply.header('access-control-allow-methods', 'GET, POST');
    reply.header('access-control-allow-headers', 'authorization, content-type');
    reply.header('access-control-max-age', '600');
  }
}

function grantOf(req: FastifyRequest): SurveyTokenGrant {
  if (!req.surveyGrant) throw new AppError(500, { detail: 'route not declared for survey tokens' });
  return req.surveyGrant;
}

/**
 * The patient side of the survey frame (spec §2 'Survey page', §3 'Survey token response', docs/surveys.md): the
 * token for the effective patient's own response, closing it, and the runner's API, which answers to the token only.
 */
export async function surveyFrameRoutes(fastify: FastifyInstance, opts: SurveyFrameRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const publicOrigin = new URL(opts.publicUrl).origin;
  // Production links use the configured address; in development the app may be served by Vite on another port, and
  // the runner must come from the origin the page is on (its CSP lets only that origin frame it).
  const runnerUrl = (req: FastifyRequest) => `${opts.production ? publicOrigin : `${req.protocol}://${req.host}`}${SURVEY_RUNNER_PATH}`;

  app.get(
    '/api/survey/token/:responseId',
    {
      config: { access: patient, rateLimit: TOKEN_RATE_LIMIT },
      schema: {
        summary: 'Get a token to answer a survey, for the patient',
        params: ZSurveyResponseParams,
        response: { 200: okEnvelope(ZSurveyTokenResponse) },
      },
    },
    async (req) =>
      ok(
        await service.patientSurveyToken(opts.db, patientContextOf(req), {
          responseId: req.params.responseId,
          language: requestLanguage(req),
          runnerUrl: runnerUrl(req),
          ip: req.ip,
        }),
      ),
  );

  // A GET that changes state (the spec's path): it carries the CSRF token like the other such GETs.
  app.get(
    '/api/survey/close/:responseId',
    {
      config: { access: patient },
      preHandler: requireCsrfOnGet(opts.names, publicOrigin),
      schema: {
        summary: 'Close a survey the patient has answered',
        errors: [403],
        params: ZSurveyResponseParams,
        response: { 200: okEnvelope(z.null()) },
      },
    },
    async (req) => {
      await service.closeSurvey(opts.db, patientContextOf(req), req.params.responseId, req.ip);
      return ok(null);
    },
  );

  app.options(`${RUNNER_API}/*`, { config: { access: { kind: 'anyone' }, rateLimit: RUNNER_RATE_LIMIT } }, async (req, reply) => {
    allowSandboxedRunner(req, reply);
    return reply.code(204).send();
  });

  app.get(
    `${RUNNER_API}/survey`,
    {
      config: { access: runner, rateLimit: RUNNER_RATE_LIMIT },
      onSend: async (req, reply) => allowSandboxedRunner(req, reply),
      schema: { summary: 'Get the survey the runner’s token is for', response: { 200: okEnvelope(ZRunnerSurvey) } },
    },
    async (req) => ok(await service.runnerSurvey(opts.db, grantOf(req), req.ip)),
  );

  app.post(
    `${RUNNER_API}/answers`,
    {
      config: { access: runner, rateLimit: RUNNER_RATE_LIMIT },
      onSend: async (req, reply) => allowSandboxedRunner(req, reply),
      schema: {
        summary: 'Submit a survey’s answers from the runner',
        body: ZRunnerAnswers,
        response: { 200: okEnvelope(ZRunnerAnswered) },
      },
    },
    async (req) => ok(await service.submitAnswers(opts, grantOf(req), req.body.answers, req.ip)),
  );
}
