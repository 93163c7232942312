import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The Standard Webhooks signature scheme (https://www.standardwebhooks.com, spec 1.0.0, symmetric): the secret is
 * shown to integrators as `whsec_` + base64 of 32 random bytes, and the HMAC key is those bytes; a delivery is
 * signed as `v1,` + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)) over the exact body sent, so any of the
 * project's published verification libraries checks it. Kept here, once, for the sender and the tests' receiver.
 */
export const SECRET_PREFIX = 'whsec_';

/** A new signing secret (32 bytes, within the spec's 24–64). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

function keyOf(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('not a whsec_ secret');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/** The `webhook-signature` header value for one attempt. `timestamp` is in whole Unix seconds. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** How far a receiver lets `webhook-timestamp` be from its clock (the libraries' default, 5 minutes). */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

export type SignedHeaders = { id?: string; timestamp?: string; signature?: string };

/**
 * What a receiver does (the tests' receiver and docs/webhooks.md): the three headers present, the timestamp within
 * the tolerance of `nowSeconds`, and one of the space-separated `v1,` signatures equal in constant time.
 */
export function verifyWebhook(secret: string, headers: SignedHeaders, body: string, nowSeconds: number): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > TIMESTAMP_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, id, Number(timestamp), body));
  return signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
