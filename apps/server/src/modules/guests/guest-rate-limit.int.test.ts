import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { anonymousBrowser, guestLogin } from './guest.steps';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('guest sign-in is rate-limited per address (20 a minute), across appointments: the 21st try gets 429', async () => {
  const browser = anonymousBrowser(t);
  const statuses: number[] = [];
  // Another appointment each time, as someone walking appointment ids would: the per-appointment limit never bites.
  for (let i = 0; i < 21; i++)
    statuses.push((await guestLogin(t, randomUUID(), { email: `guess${i}@test.example`, password: '123456' }, browser)).status);
  expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
  expect(statuses[20]).toBe(429);
});

test('and per appointment (60 a minute), from every address together: the 61st try at one appointment gets 429', async () => {
  // Behind a proxy (TRUST_PROXY), each try from an address of its own: the per-address limit never bites.
  const behindProxy = await startTestApp({ TRUST_PROXY: 'true' });
  try {
    const appointmentId = randomUUID();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await behindProxy.app.inject({
        method: 'POST',
        url: `/api/guest/login/${appointmentId}`,
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.0.0.${i + 1}`,
          origin: behindProxy.config.publicUrl,
          cookie: 'prsp_csrf=c',
          'x-csrf-token': 'c',
        },
        payload: { email: `guess${i}@test.example`, password: '123456' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401));
    expect(statuses[60]).toBe(429);
  } finally {
    await behindProxy.close();
  }
});
