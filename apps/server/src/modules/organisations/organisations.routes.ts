import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZOrganisationsInfo, ZPatientConfig, ZSelectOrganisation, zText } from '@prsp/contracts';
import { ok } from '../../platform/ok';
import { patientAccess, patientContextOf, withOrganisation } from '../../platform/access/patient-access';
import * as service from './organisations.service';

const ZCompanyParams = z.object({ companyId: zText().check(z.minLength(1), z.maxLength(100)) });
const ZFileParams = z.object({ id: zText().check(z.maxLength(64)), kind: zText().check(z.maxLength(32)) });

/** Patient config, organisation list and choice, and the theme images (spec §3 'Patient config', §7 'Patient main API'). */
export async function organisationsRoutes(fastify: FastifyInstance, opts: service.OrganisationDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/config',
    { preValidation: patientAccess(opts.db, { organisation: 'required' }), schema: { response: { 200: okEnvelope(ZPatientConfig) } } },
    async (req) => ok(await service.configForPatient(opts, withOrganisation(patientContextOf(req)).organisation, req.session!)),
  );

  // Public: guests and the authentication page load an organisation's look before anyone signs in.
  app.get('/api/config/:companyId', { schema: { params: ZCompanyParams, response: { 200: okEnvelope(ZPatientConfig) } } }, async (req) =>
    ok(await service.configForCompany(opts, req.params.companyId, req.session)),
  );

  app.get(
    '/api/organisations',
    { preValidation: patientAccess(opts.db), schema: { response: { 200: okEnvelope(ZOrganisationsInfo) } } },
    async (req) => ok(await service.organisationsInfoFor(opts, patientContextOf(req))),
  );

  app.post(
    '/api/organisations/select',
    {
      preValidation: patientAccess(opts.db),
      schema: { body: ZSelectOrganisation, response: { 200: okEnvelope(ZOrganisationsInfo) } },
    },
    async (req) => ok(await service.selectOrganisation(opts, patientContextOf(req), req.body.selectedOrganisation, req.ip)),
  );

  // Public, like any image on a page; short caching so a replaced logo shows within minutes even without the URL's version.
  app.get('/api/files/organisations/:id/:kind', { schema: { params: ZFileParams } }, async (req, reply) => {
    const file = await service.organisationFile(opts, req.params.id, req.params.kind);
    return (
      reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        // Opened on its own (an SVG, say), the image may run nothing and load nothing.
        .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox")
        .send(file.data)
    );
  });
}
