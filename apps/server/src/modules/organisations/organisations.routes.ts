import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { zText } from '@prsp/contracts';
import { replyWithOrganisationImage } from './organisation-images-reply';
import * as service from './organisations.service';

const ZFileParams = z.object({ id: zText().check(z.maxLength(64)), kind: zText().check(z.maxLength(32)) });

/** The organisations' theme images (spec §3 'Patient config': the config names their URLs). */
export async function organisationsRoutes(fastify: FastifyInstance, opts: service.OrganisationDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Public, like any image on a page; short caching so a replaced logo shows within minutes even without the URL's version.
  app.get(
    '/api/files/organisations/:id/:kind',
    { config: { access: { kind: 'anyone' } }, schema: { summary: 'Download an organisation’s image', params: ZFileParams } },
    async (req, reply) => {
      // Type recorded at upload, Content-Disposition, nosniff and a sandboxing CSP: see organisation-images-reply.ts.
      return replyWithOrganisationImage(reply, opts.files, await service.organisationFile(opts, req.params.id, req.params.kind));
    },
  );
}
