import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestBrowser } from '../test/http-client';
import { withCsrfCookie } from '../test/staff-accounts';
import { startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A staff sign-in with this body as it is, bytes and content type given. */
async function signIn(body: Blob | string, contentType = 'application/json') {
  const browser = withCsrfCookie(new TestBrowser(t.baseUrl));
  const res = await browser.fetch('/api/sso/login?lang=en', { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: res.status, body: (await res.json()) as { statusCode: number; errorKey: string; message: string } };
}

const attempt = (username: string) => `{"username":"${username}","password":"Guess-Password-1","app_role":"admin"}`;

test('a JSON body that is well-formed UTF-8 reaches the route (here: a wrong password, 101)', async () => {
  expect((await signIn(attempt('åsa@test.example'))).body.statusCode).toBe(101);
});

test('bytes that are not UTF-8 are refused with 400, not stored as U+FFFD', async () => {
  const bytes = Buffer.concat([
    Buffer.from('{"username":"'),
    Buffer.from([0xe5, 0x73, 0x61]),
    Buffer.from('@x.fi","password":"x","app_role":"admin"}'),
  ]);
  const latin1 = new Blob([new Uint8Array(bytes)]);
  const res = await signIn(latin1);
  expect([res.status, res.body.statusCode]).toEqual([400, 400]);
});

test('an escaped half of a character (a lone surrogate) is refused with 400', async () => {
  for (const escaped of ['a\\ud800@test.example', 'a\\udc00@test.example', '\\ud83d'])
    expect((await signIn(attempt(escaped))).status, escaped).toBe(400);
  // A whole character written as its two halves is a character.
  expect((await signIn(attempt('a\\ud83d\\ude00@test.example'))).body.statusCode).toBe(101);
});

test('a content type the API does not take is refused with 415, in the catalogue form', async () => {
  for (const type of ['text/plain', 'application/xml']) {
    const res = await signIn(attempt('a@test.example'), type);
    expect([res.status, res.body.statusCode, res.body.errorKey], type).toEqual([415, 415, 'errors.unsupportedMediaType']);
    expect(res.body.message).toBe('The request body is in a form that is not supported.');
  }
});
