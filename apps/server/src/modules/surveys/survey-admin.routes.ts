import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZSurveyTemplate, ZSurveyTemplateInput, ZSurveyTemplateListItem, ZSurveyTemplateParams } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { ok } from '../../platform/ok';
import { actorOf } from '../../platform/access/admin-actor';
import * as templates from './templates.service';

/**
 * Survey templates (spec §7 'Surveys' `survey-admin/templates`, `templates-all`; `survey-expert/templates`). Admins
 * work under the service settings right, as the organisation form's survey list does; the service scopes every
 * template by the admin's organisation.
 */
export async function surveyAdminRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const view = { kind: 'admin', area: 'serviceSettings', need: 'view', patientData: 'none' } as const;
  const edit = { kind: 'admin', area: 'serviceSettings', need: 'edit', patientData: 'none' } as const;
  const one = { 200: okEnvelope(ZSurveyTemplate) };
  const many = { 200: okEnvelope(z.array(ZSurveyTemplateListItem)) };

  app.get(
    '/api/survey-admin/templates',
    { config: { access: view }, schema: { summary: 'List the organisation’s survey templates in use', response: many } },
    async (req) => ok(await templates.listTemplates(opts.db, actorOf(req))),
  );
  app.get(
    '/api/survey-admin/templates-all',
    { config: { access: view }, schema: { summary: 'List all the organisation’s survey templates', response: many } },
    async (req) => ok(await templates.listAllTemplates(opts.db, actorOf(req))),
  );
  app.get(
    '/api/survey-admin/templates/:id',
    {
      config: { access: { ...view, object: 'surveyTemplate' } },
      schema: { summary: 'Get a survey template', params: ZSurveyTemplateParams, response: one },
    },
    async (req) => ok(await templates.getTemplate(opts.db, actorOf(req), req.params.id)),
  );
  app.post(
    '/api/survey-admin/templates/create',
    { config: { access: edit }, schema: { summary: 'Create a survey template', body: ZSurveyTemplateInput, response: one } },
    async (req) => ok(await templates.createTemplate(opts.db, actorOf(req), req.body)),
  );
  app.post(
    '/api/survey-admin/templates/:id/update',
    {
      config: { access: { ...edit, object: 'surveyTemplate' } },
      schema: { summary: 'Change a survey template', params: ZSurveyTemplateParams, body: ZSurveyTemplateInput, response: one },
    },
    async (req) => ok(await templates.updateTemplate(opts.db, actorOf(req), req.params.id, req.body)),
  );
  app.post(
    '/api/survey-admin/templates/:id/archive',
    {
      config: { access: { ...edit, object: 'surveyTemplate' } },
      schema: { summary: 'Archive a survey template', params: ZSurveyTemplateParams, response: one },
    },
    async (req) => ok(await templates.setTemplateArchived(opts.db, actorOf(req), req.params.id, true)),
  );
  app.post(
    '/api/survey-admin/templates/:id/restore',
    {
      config: { access: { ...edit, object: 'surveyTemplate' } },
      schema: { summary: 'Restore an archived survey template', params: ZSurveyTemplateParams, response: one },
    },
    async (req) => ok(await templates.setTemplateArchived(opts.db, actorOf(req), req.params.id, false)),
  );

  app.get(
    '/api/survey-expert/templates',
    {
      config: { access: { kind: 'expert', patientData: 'none' } },
      schema: { summary: 'List the survey templates the expert can send', response: many },
    },
    async (req) => {
      if (!req.expert) throw new AppError(500, { detail: 'route not declared for experts' });
      return ok(await templates.expertTemplates(opts.db, req.expert.organisationId));
    },
  );
}
