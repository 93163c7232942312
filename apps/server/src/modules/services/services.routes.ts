import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZChatCodeResponse, ZPendingSurvey, ZServicesResponse, zText } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { ok } from '../../platform/ok';
import { checkChatCode } from '../chat-codes/patient-chat-code.service';
import { patientAccess, patientContextOf, withOrganisation } from '../../platform/access/patient-access';
import { pendingSurveys, servicesFor } from './services.service';

const ZChatCodeParams = z.object({ code: zText().check(z.minLength(1, 'required'), z.maxLength(64, 'tooLong')) });

/** Against guessing codes: a person typing needs a handful of tries a minute, a script needs thousands. */
export const CHAT_CODE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

/** The patient's service selection and activity (spec §2 'Service selection', 'Landing'; §7 'Patient main API'). */
export async function servicesRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const remoteReception = patientAccess(db, { organisation: 'required', terms: true, flag: 'remoteReceptionEnabled' });

  app.get(
    '/api/services',
    { preValidation: remoteReception, schema: { response: { 200: okEnvelope(ZServicesResponse) } } },
    async (req) => {
      const ctx = withOrganisation(patientContextOf(req));
      return ok(await servicesFor(db, ctx.patientId, ctx.organisation));
    },
  );

  app.post(
    '/api/services/chatCode/:code',
    {
      preValidation: remoteReception,
      config: { rateLimit: CHAT_CODE_RATE_LIMIT },
      schema: { params: ZChatCodeParams, response: { 200: okEnvelope(ZChatCodeResponse) } },
    },
    async (req) => ok(await checkChatCode(db, withOrganisation(patientContextOf(req)).organisation, req.params.code)),
  );

  app.get(
    '/api/surveys/pending',
    {
      preValidation: patientAccess(db, { organisation: 'required', terms: true }),
      schema: { response: { 200: okEnvelope(z.array(ZPendingSurvey)) } },
    },
    async (req) => {
      const ctx = withOrganisation(patientContextOf(req));
      return ok(await pendingSurveys(db, ctx.patientId, ctx.organisation));
    },
  );
}
