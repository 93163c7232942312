import { createECDH, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { decryptPushMessage } from './aes128gcm';
import { verifyVapid } from './vapid-jwt';

/** One push the stand-in accepted, decrypted as the browser would have shown it. */
export type ReceivedPush = { text: string; ttl: number; urgency: string | null; topic: string | null; subject: string; receivedAt: Date };

/** A browser's subscription as the test (acting as the browser) made it: what to give the server's subscribe route. */
export type StandInSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

export type PushServiceStandIn = {
  /** `http://127.0.0.1:{port}`: the origin of every endpoint it hands out. */
  origin: string;
  /**
   * Opens a channel for a browser whose key pair and auth secret the caller made (raw P-256 private key and 16 random
   * bytes, base64url); `applicationServerKey` binds it to one VAPID key as `pushManager.subscribe` does.
   */
  subscribe(browser: { privateKey: string; auth: string; applicationServerKey?: string }): StandInSubscription;
  /** What a channel received, oldest first. */
  received(endpoint: string): ReceivedPush[];
  /** The browser dropped the subscription: further pushes to it answer 410 Gone. */
  expire(endpoint: string): void;
  /** Answers the next pushes to the channel with this status (e.g. 503) instead of accepting them; null to stop. */
  failWith(endpoint: string, status: number | null): void;
  close(): Promise<void>;
};

type Channel = {
  privateKey: Buffer;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey: string | null;
  received: ReceivedPush[];
  gone: boolean;
  failWith: number | null;
};

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** RFC 8030 §7.2: a push service must accept at least 4096 bytes of payload. */
const MAX_BODY = 4096 + 86 + 16;

/**
 * The built-in push service for the demo and tests: what a browser vendor's push service and the browser do between
 * them. It speaks RFC 8030 (`POST /push/{id}` with TTL, Urgency and Topic → 201), refuses pushes without a valid
 * VAPID JWT (RFC 8292: 401, 403 for another key than the channel's), decrypts the aes128gcm payload (RFC 8291) with
 * the channel's private key and keeps the text; an expired channel answers 410. Plain http on loopback: the server's
 * transport is the same fetch for it as for the https push services. Refused in production.
 */
export async function startPushServiceStandIn(opts: { production: boolean; log: Log; now?: () => Date }): Promise<PushServiceStandIn> {
  if (opts.production) throw new Error('the built-in push service is refused in production');
  const now = opts.now ?? (() => new Date());
  const channels = new Map<string, Channel>();
  const server = Fastify({ logger: false, bodyLimit: MAX_BODY });
  server.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  let origin = '';

  server.post<{ Params: { id: string } }>('/push/:id', async (req, reply) => {
    const channel = channels.get(req.params.id);
    if (!channel) return reply.code(404).send({ error: 'no such subscription' });
    if (channel.gone) return reply.code(410).send({ error: 'subscription expired' });
    let subject: string;
    try {
      const claims = verifyVapid(req.headers.authorization, origin, now());
      if (channel.applicationServerKey !== null && claims.publicKey !== channel.applicationServerKey)
        return reply.code(403).send({ error: 'not the key the subscription was made with' });
      subject = claims.subject;
    } catch (err) {
      return reply.code(401).send({ error: `vapid: ${(err as Error).message}` });
    }
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return reply.code(400).send({ error: 'TTL header missing' });
    if (req.headers['content-encoding'] !== 'aes128gcm') return reply.code(415).send({ error: 'content coding must be aes128gcm' });
    if (channel.failWith !== null) return reply.code(channel.failWith).send({ error: 'failing as told' });
    let text: string;
    try {
      text = decryptPushMessage(req.body as Buffer, channel).toString('utf8');
    } catch (err) {
      return reply.code(400).send({ error: `cannot decrypt: ${(err as Error).message}` });
    }
    const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null);
    channel.received.push({ text, ttl, urgency: header('urgency'), topic: header('topic'), subject, receivedAt: now() });
    opts.log.info({ channel: req.params.id, bytes: text.length }, 'push service stand-in received a push');
    return reply.code(201).header('location', `${origin}/message/${randomUUID()}`).send();
  });

  await server.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  opts.log.info({ origin }, 'push service stand-in listening');

  const channelOf = (endpoint: string): Channel => {
    const id = endpoint.startsWith(`${origin}/push/`) ? endpoint.slice(`${origin}/push/`.length) : '';
    const channel = channels.get(id);
    if (!channel) throw new Error(`no stand-in subscription ${endpoint}`);
    return channel;
  };

  return {
    origin,
    subscribe(browser) {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(Buffer.from(browser.privateKey, 'base64url'));
      const id = randomUUID();
      const channel: Channel = {
        privateKey: ecdh.getPrivateKey(),
        publicKey: ecdh.getPublicKey(),
        auth: Buffer.from(browser.auth, 'base64url'),
        applicationServerKey: browser.applicationServerKey ?? null,
        received: [],
        gone: false,
        failWith: null,
      };
      channels.set(id, channel);
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: channel.publicKey.toString('base64url'), auth: channel.auth.toString('base64url') },
      };
    },
    received: (endpoint) => [...channelOf(endpoint).received],
    expire: (endpoint) => void (channelOf(endpoint).gone = true),
    failWith: (endpoint, status) => void (channelOf(endpoint).failWith = status),
    close: () => server.close(),
  };
}
