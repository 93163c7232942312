import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, ZFeedbackResultsQuery, ZFeedbackSummary } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { ok } from '../../platform/ok';
import { actorOf } from '../../platform/access/admin-actor';
import { feedbackSummary } from './feedback-results.service';

/**
 * Feedback results for admins (issue 9): counts, averages and NPS per service and expert. Seeing how the service is
 * rated is part of running it, so the right is the service settings' view, the one the services list needs.
 */
export async function feedbackResultsRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/feedback',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'view', patientData: 'none' } },
      schema: {
        summary: 'Get the organisation’s feedback results',
        querystring: ZFeedbackResultsQuery,
        response: { 200: okEnvelope(ZFeedbackSummary) },
      },
    },
    async (req) => ok(await feedbackSummary(opts.db, actorOf(req), req.query)),
  );
}
