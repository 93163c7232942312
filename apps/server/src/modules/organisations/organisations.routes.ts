import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZPatientConfig, zText } from '@prsp/contracts';
import { ok } from '../../platform/ok';
import { sendSerialized } from '../../platform/serialized-reply';
import { withOrganisation } from '../../platform/access/patient-access';
import { patientContextOf } from '../../plugins/access';
import { replyWithOrganisationImage } from './organisation-images-reply';
import * as service from './organisations.service';

const ZCompanyParams = z.object({ companyId: zText().check(z.minLength(1), z.maxLength(100)) });
const ZFileParams = z.object({ id: zText().check(z.maxLength(64)), kind: zText().check(z.maxLength(32)) });

/** Patient config and the theme images (spec §3 'Patient config', §7 'Patient main API'). */
export async function organisationsRoutes(fastify: FastifyInstance, opts: service.OrganisationDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/config',
    { config: { access: { kind: 'patient', organisation: 'required' } }, schema: { response: { 200: okEnvelope(ZPatientConfig) } } },
    async (req, reply) => {
      // Already serialized through the response schema (the cache holds the serialized answer).
      const json = await service.configAnswerForPatient(opts, withOrganisation(patientContextOf(req)).organisation, req.session!);
      return sendSerialized(reply, json);
    },
  );

  // Public: guests and the authentication page load an organisation's look before anyone signs in.
  app.get(
    '/api/config/:companyId',
    { config: { access: { kind: 'anyone' } }, schema: { params: ZCompanyParams, response: { 200: okEnvelope(ZPatientConfig) } } },
    async (req) => ok(await service.configForCompany(opts, req.params.companyId, req.session)),
  );

  // Public, like any image on a page; short caching so a replaced logo shows within minutes even without the URL's version.
  app.get(
    '/api/files/organisations/:id/:kind',
    { config: { access: { kind: 'anyone' } }, schema: { params: ZFileParams } },
    async (req, reply) => {
      // Type recorded at upload, Content-Disposition, nosniff and a sandboxing CSP: see organisation-images-reply.ts.
      return replyWithOrganisationImage(reply, opts.files, await service.organisationFile(opts, req.params.id, req.params.kind));
    },
  );
}
