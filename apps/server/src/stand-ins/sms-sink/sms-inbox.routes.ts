import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okEnvelope, ZDevSmsList, ZDevSmsQuery, type CaughtSms } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { ok } from '../../platform/ok';
import type { SessionPolicy } from '../../platform/session/sessions.service';
import { requireLocalOrGlobalAdmin } from '../mail-catcher/inbox-access';
import { listCaughtSms } from './sms-sink.repo';

/** The sink's messages as the inbox shows them, newest first. */
export async function caughtSmsList(db: Db, to?: string): Promise<CaughtSms[]> {
  const rows = await listCaughtSms(db, to || undefined);
  return rows.map((r) => ({ id: r.id, to: r.toNumber, from: r.sender, text: r.text, receivedAt: r.receivedAt.toISOString() }));
}

/**
 * `GET /api/dev/sms?to=`: the SMS sink's messages as JSON (browser tests read them). Mounted only while the sink
 * runs, never in production, and served only to this machine or a signed-in global admin, like the mail inbox.
 */
export async function smsInboxRoutes(fastify: FastifyInstance, opts: { db: Db; policy: SessionPolicy; sessionCookie: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireLocalOrGlobalAdmin(opts));
  const noStore = async (_req: unknown, reply: FastifyReply) => void reply.header('cache-control', 'no-store');
  app.get(
    '/api/dev/sms',
    {
      config: { access: { kind: 'anyone' } },
      onRequest: noStore,
      schema: { querystring: ZDevSmsQuery, response: { 200: okEnvelope(ZDevSmsList) } },
    },
    async (req) => ok({ messages: await caughtSmsList(opts.db, req.query.to) }),
  );
}
