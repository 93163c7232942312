import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestBrowser } from './http-client';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('a test person signs in through the built-in provider', async () => {
  const browser = new TestBrowser(t.baseUrl);
  const { url } = await browser.signIn('010190-124N');
  expect(new URL(url).pathname).toBe('/');
  const info = await browser.fetch('/api/user/info');
  expect(await info.json()).toMatchObject({ status: 'ok', data: { firstName: 'Aino', lastName: 'Virtanen' } });
});
