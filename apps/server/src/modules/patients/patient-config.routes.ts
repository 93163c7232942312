import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZPatientConfig, zText } from '@prsp/contracts';
import { ok } from '../../platform/ok';
import { sendSerialized } from '../../platform/serialized-reply';
import { withOrganisation } from '../../platform/access/patient-access';
import { patientContextOf } from '../../plugins/access';
import * as service from './patient-config.service';

const ZCompanyParams = z.object({ companyId: zText().check(z.minLength(1), z.maxLength(100)) });

/** The patient config (spec §3 'Patient config', §7 'Patient main API'). */
export async function patientConfigRoutes(fastify: FastifyInstance, opts: service.PatientConfigDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/config',
    {
      config: { access: { kind: 'patient', organisation: 'required' } },
      schema: { summary: 'Get the patient’s organisation configuration', response: { 200: okEnvelope(ZPatientConfig) } },
    },
    async (req, reply) => {
      // Already serialized through the response schema (the cache holds the serialized answer).
      const json = await service.configAnswerForPatient(opts, withOrganisation(patientContextOf(req)).organisation, req.session!);
      return sendSerialized(reply, json);
    },
  );

  // Public: guests and the authentication page load an organisation's look before anyone signs in.
  app.get(
    '/api/config/:companyId',
    {
      config: { access: { kind: 'anyone' } },
      schema: {
        summary: 'Get an organisation’s public configuration',
        params: ZCompanyParams,
        response: { 200: okEnvelope(ZPatientConfig) },
      },
    },
    async (req) => ok(await service.configForCompany(opts, req.params.companyId, req.session)),
  );
}
