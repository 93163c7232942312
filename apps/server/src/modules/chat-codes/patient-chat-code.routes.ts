import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, ZChatCodeResponse } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { withOrganisation } from '../../platform/access/patient-access';
import { ok } from '../../platform/ok';
import { patientContextOf } from '../../plugins/access';
import { CHAT_CODE_RATE_LIMIT, checkChatCode, ZChatCodeParams } from './patient-chat-code.service';

/** A patient's chat code (spec §2 'Service selection' chat code section, §7 `POST /services/chatCode/{code}`, §8 201–204). */
export async function patientChatCodeRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/services/chatCode/:code',
    {
      config: {
        access: { kind: 'patient', organisation: 'required', terms: true, flag: 'remoteReceptionEnabled' },
        rateLimit: CHAT_CODE_RATE_LIMIT,
      },
      schema: {
        summary: 'Check a chat code for the patient',
        errors: [409],
        params: ZChatCodeParams,
        response: { 200: okEnvelope(ZChatCodeResponse) },
      },
    },
    async (req) => ok(await checkChatCode(opts.db, withOrganisation(patientContextOf(req)).organisation, req.params.code)),
  );
}
