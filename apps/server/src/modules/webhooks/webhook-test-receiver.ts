import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from './webhook-signature';

/** One request the receiver got, and whether its signature and timestamp checked out against the secret it knew. */
export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string; verified: boolean; payload: Record<string, unknown> };

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** The endpoint's secret, once the admin has been shown it. */
  secret: string | undefined;
  /** The statuses to answer with, in order; when they run out, 200. */
  answers: number[];
  close(): Promise<void>;
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * A real integrator's receiver for the tests, on loopback and a free port: it verifies every request's
 * Standard Webhooks signature and timestamp against the secret (as docs/webhooks.md tells integrators to) and
 * answers the scripted statuses. Test support only.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: Omit<WebhookReceiver, 'url' | 'close'> = { received: [], secret: undefined, answers: [] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        id: one(req.headers['webhook-id']),
        timestamp: one(req.headers['webhook-timestamp']),
        signature: one(req.headers['webhook-signature']),
      };
      const verified = receiver.secret !== undefined && verifyWebhook(receiver.secret, headers, body, Math.floor(Date.now() / 1000));
      receiver.received.push({ headers: req.headers, body, verified, payload: JSON.parse(body) as Record<string, unknown> });
      const status = verified ? (receiver.answers.shift() ?? 200) : 401;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status >= 300 ? `nope\u0000 ${status}\n` : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hooks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
