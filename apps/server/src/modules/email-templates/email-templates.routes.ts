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
import type { Sender } from '../../platform/mail/sender';
import type { Db } from '../../db/client';
import { ok } from '../../platform/ok';
import { staffOf } from '../../plugins/access';
import * as service from './email-templates.service';

const BASE = '/api/admin/organisation/email-templates';

/** The admin loader each route declares sets `req.staff` with an organisation; services are always scoped by it. */
function actor(req: FastifyRequest): service.TemplateActor {
  const staff = staffOf(req);
  return { userId: staff.userId, organisationId: staff.organisationId!, ip: req.ip };
}

const view = { access: { kind: 'admin', area: 'serviceSettings', need: 'view', patientData: 'none' } } as const;
const edit = { access: { kind: 'admin', area: 'serviceSettings', need: 'edit', patientData: 'none' } } as const;

/** E-mail templates of the admin's organisation (spec §7 'Admin organisation'): service settings rights. */
export async function emailTemplateRoutes(fastify: FastifyInstance, opts: { db: Db; sender: Sender }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    BASE,
    { config: view, schema: { summary: 'List the organisation’s e-mail templates', response: { 200: okEnvelope(ZEmailTemplateList) } } },
    async (req) => ok({ templates: await service.listTemplates(opts.db, opts.sender, actor(req).organisationId) }),
  );

  app.post(
    BASE,
    {
      config: edit,
      schema: {
        summary: 'Save one of the organisation’s e-mail templates',
        body: ZSaveEmailTemplateRequest,
        response: { 200: okEnvelope(ZEmailTemplate) },
      },
    },
    async (req) => ok(await service.saveTemplate(opts.db, opts.sender, actor(req), req.body.template)),
  );

  app.post(
    `${BASE}/preview`,
    {
      config: view,
      schema: { summary: 'Preview an e-mail template', body: ZEmailTemplatePreviewRequest, response: { 200: okEnvelope(ZEmailPreview) } },
    },
    async (req) => ok(await service.previewTemplate(opts.db, opts.sender, actor(req).organisationId, req.body)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { access: { kind: 'admin', area: 'serviceSettings', need: 'edit', object: 'emailTemplate', patientData: 'none' } },
      schema: {
        summary: 'Reset an e-mail template to the default',
        params: ZResetEmailTemplateParams,
        body: ZResetEmailTemplateRequest,
        response: { 200: okEnvelope(ZEmailTemplate) },
      },
    },
    async (req) => ok(await service.resetTemplate(opts.db, opts.sender, actor(req), req.params.id, req.body.language)),
  );
}
