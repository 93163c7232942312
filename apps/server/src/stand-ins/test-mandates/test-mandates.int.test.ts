import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mandatesSignatureHeader } from '../../modules/acting/mandates-signing';
import { AINO, LILJA } from '../../test/person-codes';
import { onBehalfSteps } from '../../modules/acting/on-behalf.steps';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const BASE = () => `${t.baseUrl}/test-mandates`;

/** A call to the test service's API signed with `apiKey` at `at`. */
function signedGet(path: string, opts: { apiKey?: string; at?: Date; bearer?: string } = {}) {
  const headers: Record<string, string> = {
    'x-asiointivaltuudetauthorization': mandatesSignatureHeader({
      clientId: t.config.mandates.clientId,
      apiKey: opts.apiKey ?? t.config.mandates.apiSecret,
      pathWithQuery: path,
      now: opts.at,
    }),
  };
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  return fetch(BASE() + path, { headers });
}

const registerPath = () => `/service/hpa/user/register/${t.config.mandates.clientId}/${AINO}?requestId=r-1`;
const basic = (secret: string) => `Basic ${Buffer.from(`${t.config.mandates.clientId}:${secret}`).toString('base64')}`;

describe('the signed API of the test mandate service', () => {
  test('a correctly signed register call opens a Web API session', async () => {
    const res = await signedGet(registerPath());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.sessionId).toBeTruthy();
    expect(body.userId).toBeTruthy();
  });

  test('a checksum made with another key is refused with 401', async () => {
    expect((await signedGet(registerPath(), { apiKey: 'not-the-api-secret-000' })).status).toBe(401);
  });

  test('a time stamp more than 5 minutes old (or ahead) is refused with 401', async () => {
    expect((await signedGet(registerPath(), { at: new Date(Date.now() - 6 * 60_000) })).status).toBe(401);
    expect((await signedGet(registerPath(), { at: new Date(Date.now() + 6 * 60_000) })).status).toBe(401);
    expect((await signedGet(registerPath(), { at: new Date(Date.now() - 4 * 60_000) })).status).toBe(200);
  });

  test('an unsigned call, or one signed for another path, is refused with 401', async () => {
    expect((await fetch(BASE() + registerPath())).status).toBe(401);
    const header = mandatesSignatureHeader({
      clientId: t.config.mandates.clientId,
      apiKey: t.config.mandates.apiSecret,
      pathWithQuery: registerPath(),
    });
    const res = await fetch(`${BASE()}${registerPath()}x`, { headers: { 'x-asiointivaltuudetauthorization': header } });
    expect(res.status).toBe(401);
  });
});

describe('codes and tokens', () => {
  let code: string;
  let sessionId: string;
  const redirectUri = () => `${t.baseUrl}/api/on-behalf/callback`;
  const token = (authorization: string, c = code) =>
    fetch(`${BASE()}/oauth/token?${new URLSearchParams({ grant_type: 'authorization_code', code: c, redirect_uri: redirectUri() })}`, {
      method: 'POST',
      headers: { authorization },
    });

  beforeAll(async () => {
    const steps = onBehalfSteps(t);
    const browser = await steps.signedIn(AINO);
    await steps.onboard(AINO);
    const chooser = await steps.reachChooser(browser);
    code = new URL(await steps.choose(browser, chooser.action, { principal: LILJA })).searchParams.get('code')!;
    const registered = await (await signedGet(registerPath())).json();
    sessionId = registered.sessionId;
  });

  test('the token endpoint refuses a wrong OAuth password with 401', async () => {
    expect((await token(basic('wrong-oauth-secret-00'))).status).toBe(401);
    expect((await token('')).status).toBe(401);
  });

  test('a code gives a token once; the second exchange is refused', async () => {
    const first = await token(basic(t.config.mandates.oauthSecret));
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 600 });
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect((await token(basic(t.config.mandates.oauthSecret))).status).toBe(400);

    // The token is bound to its own Web API session: another session's data is refused.
    expect((await signedGet(`/service/hpa/api/delegate/${sessionId}?requestId=r-2`, { bearer: body.access_token })).status).toBe(401);
  });

  test('an unknown code and a form-encoded body are handled like the real endpoint', async () => {
    expect((await token(basic(t.config.mandates.oauthSecret), 'no-such-code')).status).toBe(400);
    const res = await fetch(`${BASE()}/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic(t.config.mandates.oauthSecret), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'no-such-code', redirect_uri: redirectUri() }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_grant' });
  });
});

describe('the authorize page', () => {
  test('refuses an unregistered redirect URI without redirecting', async () => {
    const query = new URLSearchParams({
      client_id: t.config.mandates.clientId,
      response_type: 'code',
      redirect_uri: 'https://evil.example/cb',
      user: 'x',
      lang: 'fi',
    });
    const res = await fetch(`${BASE()}/oauth/authorize?${query}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  test('serves its style sheet from its own route, under the strict CSP', async () => {
    const res = await fetch(`${BASE()}/style.css`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/css');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
