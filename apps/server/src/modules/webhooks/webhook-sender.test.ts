import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { retryDelayMs } from '../../platform/jobs/backoff';
import { WEBHOOK_BACKOFF } from './webhook-delivery';
import { postWebhook, safeExcerpt } from './webhook-sender';

let server: Server;
let url: string;
const bodies: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      bodies.push(body);
      if (req.url === '/redirect') res.writeHead(302, { location: '/ok' }).end();
      else if (req.url === '/fail') res.writeHead(500).end('stack trace\r\n\u0007at secret.js:1 ' + 'x'.repeat(500));
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('a 2xx is delivered; a redirect is not followed and is a failure; a failure keeps a short printable excerpt', async () => {
  expect(await postWebhook(`${url}/ok`, '{"a":1}', {}, { production: false })).toEqual({ ok: true, status: 204 });
  expect(bodies).toContain('{"a":1}');
  expect(await postWebhook(`${url}/redirect`, '{}', {}, { production: false })).toEqual({
    ok: false,
    status: 302,
    error: 'receiver answered 302',
  });
  const failed = await postWebhook(`${url}/fail`, '{}', {}, { production: false });
  expect(failed).toMatchObject({ ok: false, status: 500 });
  expect(!failed.ok && failed.error).toMatch(/^receiver answered 500: stack trace at secret\.js:1 x+$/);
  expect(!failed.ok && failed.error.length).toBeLessThan(150);
});

test('in production a name that resolves to loopback is refused at connection time: nothing reaches the server', async () => {
  const before = bodies.length;
  const result = await postWebhook(`${url}/ok`, '{"b":2}', {}, { production: true });
  expect(result).toEqual({
    ok: false,
    status: null,
    error: 'could not connect (EWEBHOOKPRIVATE): the address resolves to a private or loopback network',
  });
  // A literal loopback address, which needs no lookup, is refused too.
  expect(await postWebhook(url.replace('localhost', '127.0.0.1'), '{}', {}, { production: true })).toEqual(result);
  expect(bodies).toHaveLength(before);
});

test('safe excerpts drop control characters and stay short', () => {
  expect(safeExcerpt('a\u0000b\r\n\tc')).toBe('a b c');
  expect(safeExcerpt('é'.repeat(300))).toHaveLength(120);
});

test('the retry schedule: 30 s doubling, at most 6 hours, about 14.5 hours over 12 attempts', () => {
  const waits = Array.from({ length: 11 }, (_, i) => retryDelayMs(i + 1, WEBHOOK_BACKOFF));
  expect(waits.map((w) => w / 60_000)).toEqual([0.5, 1, 2, 4, 8, 16, 32, 64, 128, 256, 360]);
  expect(waits.reduce((a, b) => a + b, 0) / 3_600_000).toBeCloseTo(14.525, 3);
  expect(retryDelayMs(50, WEBHOOK_BACKOFF)).toBe(6 * 3_600_000);
});
