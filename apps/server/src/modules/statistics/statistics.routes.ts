import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, ZStatistics, ZStatisticsQuery } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { ok } from '../../platform/ok';
import { actorOf } from '../../platform/access/admin-actor';
import { statistics } from './statistics.service';

/**
 * Statistics for admins (issue 32): the same right as the feedback results (service settings, view), since running
 * the service is what the figures are for; the answer carries no patient data.
 */
export async function statisticsRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/statistics',
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'view', patientData: 'none' } },
      schema: {
        summary: 'Get the organisation’s statistics for a period',
        querystring: ZStatisticsQuery,
        response: { 200: okEnvelope(ZStatistics) },
      },
    },
    async (req) => ok(await statistics(opts.db, actorOf(req), req.query)),
  );
}
