import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  okEnvelope,
  SURVEY_RUNNER_PATH,
  ZExpertSurveyItem,
  ZExpertSurveySend,
  ZExpertSurveySent,
  ZExpertSurveysQuery,
  ZSurveyExperts,
  ZSurveyForward,
  ZSurveyForwarded,
  ZSurveyReminded,
  ZSurveyReminder,
  ZSurveyResponseParams,
  ZSurveyTokenResponse,
} from '@prsp/contracts';
import { z } from 'zod/mini';
import type { Db } from '../../db/client';
import type { Sender } from '../../platform/mail/sender';
import { patientReadsOf } from '../../plugins/access';
import type { RouteAccess } from '../../platform/access/route-access';
import { AppError } from '../../platform/app-error';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { fileHeaders } from '../../platform/files/serve-file';
import { ok } from '../../platform/ok';
import { requestLanguage } from '../../platform/request-language';
import { expertOfSession } from '../staff/session-expert.service';
import { actorOf } from '../../platform/access/admin-actor';
import * as service from './survey-expert.service';
import { forwardAsAdmin } from './survey-forwarding';

const expert: RouteAccess = { kind: 'expert', patientData: 'none' };
/** Answers that show patients: the list (names), a token to read the answers, their PDF (docs/security.md). */
const reading = (audit: string): RouteAccess => ({ kind: 'expert', patientData: { audit } });
/** Forwarding decides which expert reads a patient's answers: daily work over experts (docs/surveys.md). */
const adminForward: RouteAccess = { kind: 'admin', area: 'experts', need: 'edit', patientData: 'none' };
const BASE = '/api/survey-expert';
/** Each token or PDF is a read of patient data (audited) and the PDF costs some CPU: generous for people, short for a loop. */
const READ_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export type SurveyExpertRouteOptions = { db: Db; cipher: FieldCipher; publicUrl: string; sender: Sender; production: boolean };

/**
 * The expert's survey endpoint group (spec §7 'Surveys', §6 'Admin and expert use separate survey endpoint groups')
 * and the admin's forward. The service checks every response against the expert's organisation and their part in
 * it: anything else is 404. `GET survey-expert/templates` is the templates module's.
 */
export async function surveyExpertRoutes(fastify: FastifyInstance, opts: SurveyExpertRouteOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const publicOrigin = new URL(opts.publicUrl).origin;
  const origin = { publicUrl: opts.publicUrl, sender: opts.sender };
  // As the patient's token: in development the app may be served by Vite on another port, and the runner must come
  // from the origin the page is on (its CSP lets only that origin frame it).
  const runnerUrl = (req: FastifyRequest) => `${opts.production ? publicOrigin : `${req.protocol}://${req.host}`}${SURVEY_RUNNER_PATH}`;
  const actorOfExpert = async (req: FastifyRequest): Promise<service.SurveyActor> => {
    if (!req.expert) throw new AppError(500, { detail: 'route not declared for experts' });
    return { expert: await expertOfSession(opts.db, req.expert), ip: req.ip };
  };

  app.get(
    `${BASE}/surveys`,
    {
      config: { access: reading('survey.list') },
      schema: {
        summary: 'List the surveys the expert has sent',
        querystring: ZExpertSurveysQuery,
        response: { 200: okEnvelope(z.array(ZExpertSurveyItem)) },
      },
    },
    async (req) => ok(await service.listSurveys(opts.db, (await actorOfExpert(req)).expert, req.query, patientReadsOf(req))),
  );

  app.get(
    `${BASE}/token/:responseId`,
    {
      config: { access: reading('survey.token'), rateLimit: READ_RATE_LIMIT },
      schema: {
        summary: 'Get a token to view a survey response, as an expert',
        params: ZSurveyResponseParams,
        response: { 200: okEnvelope(ZSurveyTokenResponse) },
      },
    },
    async (req) =>
      ok(
        await service.expertSurveyToken(
          opts.db,
          await actorOfExpert(req),
          {
            responseId: req.params.responseId,
            language: requestLanguage(req),
            runnerUrl: runnerUrl(req),
          },
          patientReadsOf(req),
        ),
      ),
  );

  app.get(
    `${BASE}/answers_pdf/:responseId`,
    {
      config: { access: reading('survey.pdf'), rateLimit: READ_RATE_LIMIT },
      schema: { summary: 'Download a survey’s answers as PDF', params: ZSurveyResponseParams },
    },
    async (req, reply) => {
      const { pdf, filename } = await service.answersPdfOf(
        opts.db,
        opts.cipher,
        await actorOfExpert(req),
        req.params.responseId,
        requestLanguage(req),
        patientReadsOf(req),
      );
      return reply.headers(fileHeaders({ contentType: 'application/pdf', filename }, { disposition: 'attachment' })).send(pdf);
    },
  );

  app.post(
    `${BASE}/forward`,
    {
      config: { access: expert },
      schema: {
        summary: 'Forward a survey response to another expert',
        body: ZSurveyForward,
        response: { 200: okEnvelope(ZSurveyForwarded) },
      },
    },
    async (req) => ok(await service.forwardAsExpert(opts.db, origin, await actorOfExpert(req), req.body.responseId, req.body.expertUuid)),
  );

  app.post(
    `${BASE}/reminder`,
    {
      config: { access: expert },
      schema: {
        summary: 'Remind a patient of an unanswered survey',
        errors: [429],
        body: ZSurveyReminder,
        response: { 200: okEnvelope(ZSurveyReminded) },
      },
    },
    async (req) => ok(await service.remind(opts.db, origin, await actorOfExpert(req), req.body.responseId)),
  );

  app.post(
    `${BASE}/send`,
    {
      config: { access: expert },
      schema: { summary: 'Send a survey to a patient', body: ZExpertSurveySend, response: { 200: okEnvelope(ZExpertSurveySent) } },
    },
    async (req) => ok(await service.sendSurvey(opts.db, opts.cipher, await actorOfExpert(req), req.body)),
  );

  app.get(
    `${BASE}/experts`,
    {
      config: { access: expert },
      schema: { summary: 'List the experts a survey can be forwarded to', response: { 200: okEnvelope(ZSurveyExperts) } },
    },
    async (req) => ok(await service.colleagues(opts.db, (await actorOfExpert(req)).expert)),
  );

  app.post(
    '/api/survey-admin/forward',
    {
      config: { access: adminForward },
      schema: {
        summary: 'Forward a survey response to an expert, as an admin',
        body: ZSurveyForward,
        response: { 200: okEnvelope(ZSurveyForwarded) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      return ok(await forwardAsAdmin(opts.db, origin, actor.staff, actor.ip, req.body.responseId, req.body.expertUuid));
    },
  );
}
