import { expect, test } from 'vitest';
import { newWebhookSecret, signWebhook, verifyWebhook } from './webhook-signature';

// The test vector of the Standard Webhooks reference libraries (standard-webhooks/standard-webhooks, JavaScript and
// Python test suites): computed elsewhere, so a mistake in our scheme cannot also be in the expectation.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

test('signs the reference vector as the Standard Webhooks libraries do', () => {
  expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
});

test('verifies the vector within five minutes of its timestamp, with the right one among several signatures', () => {
  const headers = { id: VECTOR.id, timestamp: String(VECTOR.timestamp), signature: VECTOR.signature };
  expect(verifyWebhook(VECTOR.secret, headers, VECTOR.body, VECTOR.timestamp)).toBe(true);
  expect(verifyWebhook(VECTOR.secret, headers, VECTOR.body, VECTOR.timestamp + 300)).toBe(true);
  expect(verifyWebhook(VECTOR.secret, headers, VECTOR.body, VECTOR.timestamp - 300)).toBe(true);
  const rotated = { ...headers, signature: `v1,bm90IGl0 ${VECTOR.signature}` };
  expect(verifyWebhook(VECTOR.secret, rotated, VECTOR.body, VECTOR.timestamp)).toBe(true);
});

test('refuses a changed body, id or timestamp, another secret, an old or future timestamp, missing headers', () => {
  const headers = { id: VECTOR.id, timestamp: String(VECTOR.timestamp), signature: VECTOR.signature };
  const now = VECTOR.timestamp;
  expect(verifyWebhook(VECTOR.secret, headers, '{"test": 2432232315}', now)).toBe(false);
  expect(verifyWebhook(VECTOR.secret, { ...headers, id: 'msg_other' }, VECTOR.body, now)).toBe(false);
  expect(verifyWebhook(VECTOR.secret, { ...headers, timestamp: String(now + 1) }, VECTOR.body, now)).toBe(false);
  expect(verifyWebhook(newWebhookSecret(), headers, VECTOR.body, now)).toBe(false);
  expect(verifyWebhook(VECTOR.secret, headers, VECTOR.body, now + 301)).toBe(false);
  expect(verifyWebhook(VECTOR.secret, headers, VECTOR.body, now - 301)).toBe(false);
  expect(verifyWebhook(VECTOR.secret, { ...headers, signature: undefined }, VECTOR.body, now)).toBe(false);
  expect(verifyWebhook(VECTOR.secret, { ...headers, timestamp: '1614265330.5' }, VECTOR.body, now)).toBe(false);
});

test('a new secret is whsec_ and 32 random bytes, never the same twice', () => {
  const a = newWebhookSecret();
  expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
  expect(newWebhookSecret()).not.toBe(a);
  expect(() => signWebhook('plain-secret', 'id', 1, '{}')).toThrow('whsec_');
});
