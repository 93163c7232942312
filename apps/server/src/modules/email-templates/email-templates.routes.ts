import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  okEnvelope,
  ZEmailPreview,
  ZEmailTemplate,
  ZEmailTemplateList,
  ZEmailTemplatePreviewRequest,
  ZResetEmailTemplateParams,
  ZResetEmailTemplateRequest,
  ZSaveEmailTemplateRequest,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import { ok } from '../../platform/ok';
import * as service from './email-templates.service';

const BASE = '/api/admin/organisation/email-templates';

/** The guard from ADMIN_ROUTE_RIGHTS (plugins/admin-route-rights.ts) sets `req.staff` with an organisation; services are always scoped by it. */
function actor(req: FastifyRequest): service.TemplateActor {
  return { userId: req.staff!.userId, organisationId: req.staff!.organisationId!, ip: req.ip };
}

/** E-mail templates of the admin's organisation (spec §7 'Admin organisation'): service settings rights. */
export async function emailTemplateRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(BASE, { schema: { response: { 200: okEnvelope(ZEmailTemplateList) } } }, async (req) =>
    ok({ templates: await service.listTemplates(opts.db, actor(req).organisationId) }),
  );

  app.post(BASE, { schema: { body: ZSaveEmailTemplateRequest, response: { 200: okEnvelope(ZEmailTemplate) } } }, async (req) =>
    ok(await service.saveTemplate(opts.db, actor(req), req.body.template)),
  );

  app.post(
    `${BASE}/preview`,
    { schema: { body: ZEmailTemplatePreviewRequest, response: { 200: okEnvelope(ZEmailPreview) } } },
    async (req) => ok(await service.previewTemplate(opts.db, actor(req).organisationId, req.body)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: { params: ZResetEmailTemplateParams, body: ZResetEmailTemplateRequest, response: { 200: okEnvelope(ZEmailTemplate) } },
    },
    async (req) => ok(await service.resetTemplate(opts.db, actor(req), req.params.id, req.body.language)),
  );
}
