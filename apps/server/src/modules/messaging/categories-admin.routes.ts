import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZCategoriesQuery, ZCategory, ZCategoryInput, ZCategoryParams, ZSubcategory, ZSubcategoryInput } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { ok } from '../../platform/ok';
import { actorOf } from '../../platform/access/admin-actor';
import * as categories from './categories.service';

const ZCategoryIdParams = z.object({ categoryId: z.uuid('invalid') });

/**
 * The admin's categories and subcategories (spec §2 `/admin/messages/categories`, `/admin/messages/category/edit`,
 * `/admin/messages/subcategory/edit`), under the service settings right; the service scopes by organisation.
 */
export async function categoriesAdminRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const view = { kind: 'admin', area: 'serviceSettings', need: 'view', patientData: 'none' } as const;
  const edit = { kind: 'admin', area: 'serviceSettings', need: 'edit', patientData: 'none' } as const;
  const oneCategory = { 200: okEnvelope(ZCategory) };
  const oneSubcategory = { 200: okEnvelope(ZSubcategory) };

  app.get(
    '/api/admin/async-messaging/categories',
    {
      config: { access: view },
      schema: {
        summary: 'List the organisation’s message categories',
        querystring: ZCategoriesQuery,
        response: { 200: okEnvelope(z.array(ZCategory)) },
      },
    },
    async (req) => ok(await categories.listCategories(opts.db, actorOf(req), req.query.includeSubcategories === 'true')),
  );
  app.post(
    '/api/admin/async-messaging/categories/create',
    { config: { access: edit }, schema: { summary: 'Create a message category', body: ZCategoryInput, response: oneCategory } },
    async (req) => ok(await categories.createCategory(opts.db, actorOf(req), req.body)),
  );
  app.post(
    '/api/admin/async-messaging/categories/:id/update',
    {
      config: { access: { ...edit, object: 'messageCategory' } },
      schema: { summary: 'Change a message category', params: ZCategoryParams, body: ZCategoryInput, response: oneCategory },
    },
    async (req) => ok(await categories.updateCategory(opts.db, actorOf(req), req.params.id, req.body)),
  );
  app.get(
    '/api/admin/async-messaging/categories/:id/subcategories',
    {
      config: { access: { ...view, object: 'messageCategory' } },
      schema: {
        summary: 'List a message category’s subcategories',
        params: ZCategoryParams,
        response: { 200: okEnvelope(z.array(ZSubcategory)) },
      },
    },
    async (req) => ok(await categories.listSubcategories(opts.db, actorOf(req), req.params.id)),
  );
  app.post(
    '/api/admin/async-messaging/subcategories/:categoryId/create',
    {
      config: { access: { ...edit, object: 'messageCategory' } },
      schema: { summary: 'Create a message subcategory', params: ZCategoryIdParams, body: ZSubcategoryInput, response: oneSubcategory },
    },
    async (req) => ok(await categories.createSubcategory(opts.db, actorOf(req), req.params.categoryId, req.body)),
  );
  app.post(
    '/api/admin/async-messaging/subcategories/:id/update',
    {
      config: { access: { ...edit, object: 'messageSubcategory' } },
      schema: { summary: 'Change a message subcategory', params: ZCategoryParams, body: ZSubcategoryInput, response: oneSubcategory },
    },
    async (req) => ok(await categories.updateSubcategory(opts.db, actorOf(req), req.params.id, req.body)),
  );
  app.get(
    '/api/admin/async-messaging/subcategories/:id',
    {
      config: { access: { ...view, object: 'messageSubcategory' } },
      schema: { summary: 'Get a message subcategory for admins', params: ZCategoryParams, response: oneSubcategory },
    },
    async (req) => ok(await categories.getSubcategory(opts.db, actorOf(req), req.params.id)),
  );
}
