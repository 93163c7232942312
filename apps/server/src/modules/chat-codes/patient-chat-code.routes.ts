import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { okEnvelope, ZChatCodeResponse, zText } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { withOrganisation } from '../../platform/access/patient-access';
import { ok } from '../../platform/ok';
import { patientContextOf } from '../../plugins/access';
import { checkChatCode } from './patient-chat-code.service';

export const ZChatCodeParams = z.object({ code: zText().check(z.minLength(1, 'required'), z.maxLength(64, 'tooLong')) });

/** Against guessing codes: a person typing needs a handful of tries a minute, a script needs thousands. */
export const CHAT_CODE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

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
      schema: { params: ZChatCodeParams, response: { 200: okEnvelope(ZChatCodeResponse) } },
    },
    async (req) => ok(await checkChatCode(opts.db, withOrganisation(patientContextOf(req)).organisation, req.params.code)),
  );
}
