import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestBrowser } from '../../test/http-client';
import { staffLogin } from '../../test/staff-accounts';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('staff sign-in is rate-limited per address: the 21st attempt within a minute gets 429', async () => {
  const browser = new TestBrowser(t.baseUrl);
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) statuses.push((await staffLogin(browser, `guess-${i}@test.example`, 'Guess-Password-1')).status);
  expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
  expect(statuses[20]).toBe(429);
  const res = await staffLogin(browser, 'admin@prsp.example', 'Demo-Password-2026');
  expect(await res.json()).toMatchObject({ status: 'error', statusCode: 429, errorKey: 'errors.tooManyRequests' });
});
