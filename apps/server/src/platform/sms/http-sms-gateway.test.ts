import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '../../test/test-app';
import { createHttpSmsGateway } from './http-sms-gateway';
import { toInternationalNumber } from './phone-number';
import { SmsGatewayError } from './sms-gateway';

type Seen = { method?: string; url?: string; headers: IncomingMessage['headers']; body: string };

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let answer: (res: ServerResponse) => void = (res) => res.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"x"}');

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const message = { to: '+358401234567', from: 'PRSP', text: 'Muistutus: etävastaanotto huomenna klo 10.00' };

async function failure(p: Promise<unknown>): Promise<SmsGatewayError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsGatewayError);
  return err as SmsGatewayError;
}

describe('the HTTP SMS-gateway client', () => {
  test('posts {to, from, text} as JSON to {url}/messages with the bearer key, and a 2xx answer is accepted', async () => {
    seen = [];
    answer = (res) => res.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"abc"}');
    await createHttpSmsGateway({ url: `${baseUrl}/api/v1/`, apiKey: 'key-0123456789abcdef' }).send(message);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/v1/messages' });
    expect(seen[0]!.headers.authorization).toBe('Bearer key-0123456789abcdef');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]!.body)).toEqual(message);
    answer = (res) => res.writeHead(200).end();
    await createHttpSmsGateway({ url: baseUrl, apiKey: 'k'.repeat(16) }).send(message);
    expect(seen[1]!.url).toBe('/messages');
  });

  test.each([400, 401, 429, 500, 503])('HTTP %i is a failure naming the status, never the number or the text', async (status) => {
    answer = (res) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: message }));
    const err = await failure(createHttpSmsGateway({ url: baseUrl, apiKey: 'k'.repeat(16) }).send(message));
    expect(err.status).toBe(status);
    expect(err.message).toBe(`the SMS gateway refused the message: HTTP ${status}`);
  });

  test('a redirect is not followed: the key goes to the configured gateway only', async () => {
    answer = (res) => res.writeHead(307, { location: 'http://127.0.0.1:9/elsewhere' }).end();
    const err = await failure(createHttpSmsGateway({ url: baseUrl, apiKey: 'k'.repeat(16) }).send(message));
    expect(err.message).toBe('the SMS gateway could not be reached');
    expect(seen.at(-1)!.url).toBe('/messages');
  });

  test('no answer within the timeout fails with a timeout', async () => {
    let hold: ServerResponse | undefined;
    answer = (res) => (hold = res);
    const err = await failure(createHttpSmsGateway({ url: baseUrl, apiKey: 'k'.repeat(16), timeoutMs: 200 }).send(message));
    expect(err.message).toBe('no answer from the SMS gateway within 200 ms');
    hold?.writeHead(202).end();
  });

  test('a refused connection fails naming the network error', async () => {
    const port = await freePort();
    const err = await failure(createHttpSmsGateway({ url: `http://127.0.0.1:${port}`, apiKey: 'k'.repeat(16) }).send(message));
    expect(err.message).toBe('the SMS gateway could not be reached (ECONNREFUSED)');
    expect(err.status).toBeUndefined();
  });
});

describe('mobile numbers', () => {
  test.each([
    ['040 123 4567', '+358401234567'],
    ['+358 40 123 4567', '+358401234567'],
    ['00358-40-1234567', '+358401234567'],
    ['(050) 765 4321', '+358507654321'],
    ['+46 70 123 45 67', '+46701234567'],
  ])('%s is sent to %s', (raw, expected) => expect(toInternationalNumber(raw)).toBe(expected));

  test.each([null, undefined, '', 'ei ole', '123', '+0401234567', '040 123 4567 890 123 456'])('%s cannot be texted', (raw) =>
    expect(toInternationalNumber(raw)).toBeNull(),
  );
});
