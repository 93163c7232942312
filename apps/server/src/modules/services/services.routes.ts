import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, ZServicesResponse } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { withOrganisation } from '../../platform/access/patient-access';
import { ok } from '../../platform/ok';
import { patientContextOf } from '../../plugins/access';
import { servicesFor } from './services.service';

/** The patient's service selection (spec §2 'Service selection'; §7 'Patient main API'). */
export async function servicesRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/services',
    {
      // No flag of its own: the landing and the booked list read the appointments, the service selection the services.
      config: { access: { kind: 'patient', organisation: 'required', terms: true } },
      schema: { response: { 200: okEnvelope(ZServicesResponse) } },
    },
    async (req) => {
      const ctx = withOrganisation(patientContextOf(req));
      return ok(await servicesFor(opts.db, ctx.patientId, ctx.organisation));
    },
  );
}
