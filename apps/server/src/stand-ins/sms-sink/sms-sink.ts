import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { insertCaughtSms } from './sms-sink.repo';

export type SmsSink = {
  /** The base URL the HTTP SMS-gateway client posts to: `http://127.0.0.1:{port}`. */
  url: string;
  close(): Promise<void>;
};

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** What the gateway protocol accepts (docs/notifications.md): an international number, a sender and the text. */
const ZSmsRequest = z.object({
  to: z.string().regex(/^\+[1-9][0-9]{6,14}$/),
  from: z.string().min(1).max(16),
  text: z.string().min(1).max(1600),
});

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The built-in SMS sink for the demo and tests: a small HTTP server on loopback that speaks the SMS-gateway protocol
 * (`POST /messages {to, from, text}` with `Authorization: Bearer {SMS_API_KEY}` → 202 `{id}`; 401 for a wrong key,
 * 400 for a malformed message) and keeps every message in `caught_sms`, shown on the dev inbox page beside the
 * mail. It listens on a free port of its own; the SMS client is pointed at it when no SMS_GATEWAY_URL is set.
 */
export async function startSmsSink(opts: { db: Db; apiKey: string; production: boolean; log: Log }): Promise<SmsSink> {
  if (opts.production) throw new Error('the built-in SMS sink is refused in production');
  const server = Fastify({ logger: false, bodyLimit: 16 * 1024 });
  server.post('/messages', async (req, reply) => {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !sameKey(auth.slice('Bearer '.length), opts.apiKey)) {
      return reply.code(401).send({ error: 'unauthorized' });
    }
    const parsed = ZSmsRequest.safeParse(req.body);
    if (!parsed.success)
      return reply.code(400).send({ error: 'invalid message', fields: parsed.error.issues.map((i) => i.path.join('.')) });
    const id = await insertCaughtSms(opts.db, { toNumber: parsed.data.to, sender: parsed.data.from, text: parsed.data.text });
    opts.log.info({ caughtSmsId: id }, 'SMS sink received a message');
    return reply.code(202).send({ id });
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const port = (server.server.address() as AddressInfo).port;
  opts.log.info({ port }, 'SMS sink listening on 127.0.0.1');
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}
