import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, ZServicesResponse } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { withOrganisation } from '../../platform/access/patient-access';
import type { ReadModelCache } from '../../platform/cache/read-model-cache';
import { sendSerialized } from '../../platform/serialized-reply';
import { patientContextOf } from '../../plugins/access';
import { servicesAnswer } from './services.service';

/** The patient's service selection (spec §2 'Service selection'; §7 'Patient main API'). */
export async function servicesRoutes(fastify: FastifyInstance, opts: { db: Db; readModels: ReadModelCache }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/services',
    {
      // No flag of its own: the landing and the booked list read the appointments, the service selection the services.
      config: { access: { kind: 'patient', organisation: 'required', terms: true } },
      schema: { summary: 'List the services open to the patient', response: { 200: okEnvelope(ZServicesResponse) } },
    },
    async (req, reply) => {
      const ctx = withOrganisation(patientContextOf(req));
      // Already serialized through the contract (the organisation's part comes from the read-model cache).
      const json = await servicesAnswer(opts.db, opts.readModels, ctx.patientId, ctx.organisation);
      return sendSerialized(reply, json);
    },
  );
}
