import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header that carries a request's id: read from a trusted proxy, and sent back on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may look like: nginx's `$request_id` (32 hex digits), UUIDs, and other plain tokens. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Fastify's `genReqId`: the id a reverse proxy gave the request (`proxy_set_header X-Request-Id $request_id`), so
 * one id follows it from the proxy's log through ours, but only behind a trusted proxy (TRUST_PROXY) and only when it
 * is a plain token, so a client cannot forge log lines or headers; otherwise a random UUID.
 */
export function requestIdGenerator(trustProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const incoming = trustProxy ? req.headers[REQUEST_ID_HEADER] : undefined;
    return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  };
}
