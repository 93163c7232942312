import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  okEnvelope,
  ZCategoriesQuery,
  ZCategory,
  ZCategoryParams,
  ZMessageCodeParams,
  ZMessageCodeTarget,
  ZSubcategory,
  zText,
} from '@prsp/contracts';
import type { Db } from '../../db/client';
import { withOrganisation } from '../../platform/access/patient-access';
import type { RouteAccess } from '../../platform/access/route-access';
import { ok } from '../../platform/ok';
import { patientContextOf } from '../../plugins/access';
import { CHAT_CODE_RATE_LIMIT } from '../chat-codes/patient-chat-code.service';
import { expertCallerOf } from './messaging-experts.routes';
import * as read from './categories-read.service';

const patient: RouteAccess = { kind: 'patient', organisation: 'required', terms: true, flag: 'asyncMessagingEnabled' };

/** `GET patient/async-messaging/subcategories/{id}`: a restricted subcategory is readable with the code that opens it. */
const ZSubcategoryQuery = z.object({ messageCode: z.optional(zText().check(z.trim(), z.maxLength(64, 'tooLong'))) });

/**
 * What patients and experts read of the categories (spec §7 `{app}/async-messaging/categories`, `subcategories/{id}`),
 * and a patient's message code (`message-code/validate/{code}`, `message-code/use/{code}`; spec §5, §8 201–204),
 * rate-limited as chat codes are, against guessing.
 */
export async function categoriesReadRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const list = { querystring: ZCategoriesQuery, response: { 200: okEnvelope(z.array(ZCategory)) } };
  const organisationOf = (req: Parameters<typeof patientContextOf>[0]) => withOrganisation(patientContextOf(req)).organisation.id;

  app.get(
    '/api/patient/async-messaging/categories',
    { config: { access: patient }, schema: { summary: 'List the message categories open to the patient', ...list } },
    async (req) => ok(await read.patientCategoryList(opts.db, organisationOf(req), req.query.includeSubcategories === 'true')),
  );
  app.get(
    '/api/patient/async-messaging/subcategories/:id',
    {
      config: { access: patient },
      schema: {
        summary: 'Get a message subcategory for the patient',
        params: ZCategoryParams,
        querystring: ZSubcategoryQuery,
        response: { 200: okEnvelope(ZSubcategory) },
      },
    },
    async (req) => ok(await read.patientSubcategory(opts.db, organisationOf(req), req.params.id, req.query.messageCode)),
  );
  app.post(
    '/api/patient/async-messaging/message-code/validate/:code',
    {
      config: { access: patient, rateLimit: CHAT_CODE_RATE_LIMIT },
      schema: {
        summary: 'Check a message code for the patient',
        errors: [409],
        params: ZMessageCodeParams,
        response: { 200: okEnvelope(ZMessageCodeTarget) },
      },
    },
    async (req) => ok(await read.validateMessageCode(opts.db, organisationOf(req), req.params.code)),
  );
  app.post(
    '/api/patient/async-messaging/message-code/use/:code',
    {
      config: { access: patient, rateLimit: CHAT_CODE_RATE_LIMIT },
      schema: {
        summary: 'Use a message code for the patient',
        errors: [409],
        params: ZMessageCodeParams,
        response: { 200: okEnvelope(z.null()) },
      },
    },
    async (req) => {
      await opts.db.transaction((tx) => read.consumeMessageCode(tx, organisationOf(req), req.params.code, null));
      return ok(null);
    },
  );
  app.get(
    '/api/expert/async-messaging/categories',
    {
      config: { access: { kind: 'expert', patientData: 'none' } },
      schema: { summary: 'List the message categories for the expert', ...list },
    },
    async (req) => ok(await read.expertCategoryList(opts.db, expertCallerOf(req), req.query.includeSubcategories === 'true')),
  );
  app.get(
    '/api/expert/async-messaging/subcategories/:id',
    {
      config: { access: { kind: 'expert', patientData: 'none' } },
      schema: { summary: 'Get a message subcategory for the expert', params: ZCategoryParams, response: { 200: okEnvelope(ZSubcategory) } },
    },
    async (req) => ok(await read.expertSubcategory(opts.db, expertCallerOf(req), req.params.id)),
  );
}
