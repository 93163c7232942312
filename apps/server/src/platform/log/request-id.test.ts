import type { IncomingMessage } from 'node:http';
import { describe, expect, test } from 'vitest';
import { requestIdGenerator } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const request = (headers: IncomingMessage['headers']) => ({ headers }) as IncomingMessage;

describe('request ids', () => {
  test('without a header: a fresh random UUID each time', () => {
    const gen = requestIdGenerator(true);
    const [a, b] = [gen(request({})), gen(request({}))];
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  test.each(['0123456789abcdef0123456789abcdef', 'f47ac10b-58cc-4372-a567-0e02b2c3d479', 'lb-1.node_7.req-42', 'a'.repeat(128)])(
    'behind a trusted proxy, %s is kept',
    (id) => {
      expect(requestIdGenerator(true)(request({ 'x-request-id': id }))).toBe(id);
    },
  );

  test.each(['short', 'a'.repeat(129), 'has space in it', 'line\nbreak-forged', '"quoted-value"', 'ääkkösiä-1234', ''])(
    'a malformed id %j is replaced',
    (id) => {
      expect(requestIdGenerator(true)(request({ 'x-request-id': id }))).toMatch(UUID);
    },
  );

  test('without a trusted proxy, what the client sends is ignored', () => {
    expect(requestIdGenerator(false)(request({ 'x-request-id': '0123456789abcdef0123456789abcdef' }))).toMatch(UUID);
  });

  test('a header repeated (an array) is replaced', () => {
    const headers = { 'x-request-id': ['0123456789abcdef', 'fedcba9876543210'] } as unknown as IncomingMessage['headers'];
    expect(requestIdGenerator(true)(request(headers))).toMatch(UUID);
  });
});
