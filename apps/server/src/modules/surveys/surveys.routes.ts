import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZPendingSurvey } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { withOrganisation } from '../../platform/access/patient-access';
import { ok } from '../../platform/ok';
import { patientContextOf } from '../../plugins/access';
import { pendingSurveys } from './surveys.service';

/** The patient's surveys (spec §2 'Landing' pending surveys). */
export async function surveysRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/surveys/pending',
    {
      config: { access: { kind: 'patient', organisation: 'required', terms: true } },
      schema: { summary: 'List the patient’s unanswered surveys', response: { 200: okEnvelope(z.array(ZPendingSurvey)) } },
    },
    async (req) => {
      const ctx = withOrganisation(patientContextOf(req));
      return ok(await pendingSurveys(opts.db, ctx.patientId, ctx.organisation.id));
    },
  );
}
