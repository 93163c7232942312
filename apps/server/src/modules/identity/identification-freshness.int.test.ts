import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessions } from '../../db/schema';
import { sha256 } from '../../platform/crypto/tokens';
import { TestBrowser } from '../../test/http-client';
import { signedAuthorizationQuery } from '../../test/request-object';
import { startTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const AINO = { ssn: '010190-124N', name: 'Aino Virtanen' };
const MATTI = { ssn: '150375-257R', name: 'Matti Korhonen' };

/** Where `GET /api/login` sends the browser: the provider's authorization request. */
async function authorizationRequest(browser: TestBrowser): Promise<URL> {
  const res = await browser.fetch('/api/login');
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

/** Follows a sign-in from `/api/login` and tells whether the provider showed its identification page. */
async function startSignIn(browser: TestBrowser): Promise<'identification page' | 'straight back'> {
  const { url } = await browser.follow('/api/login');
  return /\/test-idp\/interaction\/[^/]+$/.test(new URL(url).pathname) ? 'identification page' : 'straight back';
}

/**
 * Signs in as a browser would, running the provider's self-submitting forms too: when another person identifies
 * over a provider session, the provider first ends that session with such a form (its inline script is allowed by
 * a hash it adds to our CSP).
 */
async function signInAs(browser: TestBrowser, ssn: string): Promise<string> {
  const page = await browser.follow('/api/login');
  expect(new URL(page.url).pathname).toMatch(/^\/test-idp\/interaction\//);
  let url = `${page.url}/login`;
  let res = await browser.fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ ssn }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    csrf: false,
  });
  for (let hops = 0; hops < 20; hops++) {
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      res = await browser.fetch(url);
      continue;
    }
    const html = res.status === 200 && new URL(url).pathname.startsWith('/test-idp/') ? await res.text() : '';
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
    if (!action || !html.includes('document.forms[0].submit()')) break;
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(/script-src[^;]*'sha256-/.test(csp)).toBe(true);
    const fields = new URLSearchParams(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1]!, m[2]!]),
    );
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    res = await browser.fetch(url, {
      method: 'POST',
      body: fields,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
  }
  return url;
}

async function whoIsSignedIn(browser: TestBrowser): Promise<string | null> {
  const res = await browser.fetch('/api/user/info');
  if (res.status !== 200) return null;
  const { data } = (await res.json()) as { data: { firstName: string; lastName: string } };
  return `${data.firstName} ${data.lastName}`;
}

/** A silent authorization request (`prompt=none`) straight to the provider: it succeeds only while its session lives. */
async function providerSessionAlive(browser: TestBrowser): Promise<boolean> {
  const issuer = t.config.oidc.issuer;
  const query = await signedAuthorizationQuery(t.config, {
    redirect_uri: `${t.baseUrl}/api/login/callback`,
    response_type: 'code',
    scope: 'openid',
    prompt: 'none',
    state: 'probe',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  // Follow the provider's redirects, stopping where it sends the browser back to us.
  let url = `${issuer}/auth?${query}`;
  for (let hops = 0; hops < 10; hops++) {
    const res = await browser.fetch(url);
    if (res.status < 300 || res.status >= 400) break;
    url = new URL(res.headers.get('location')!, url).href;
    if (new URL(url).pathname === '/api/login/callback') break;
  }
  const params = new URL(url).searchParams;
  if (params.get('error') === 'login_required') return false;
  if (params.has('code')) return true;
  throw new Error(`unexpected answer to prompt=none: ${url}`);
}

type EndSession = { url: string; params: Record<string, string> };

/**
 * Posts the end-session request as the web app does (a form, the ID token in its body), then runs the provider's
 * logout page as its script would: posts its form and returns where the provider sends the browser.
 */
async function confirmProviderLogout(browser: TestBrowser, endSession: EndSession): Promise<string> {
  const endSessionUrl = endSession.url;
  const page = await browser.fetch(endSessionUrl, {
    method: 'POST',
    body: new URLSearchParams(endSession.params),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    csrf: false,
  });
  expect(page.status).toBe(200);
  const html = await page.text();
  const action =
    /<form[^>]*id="op.logoutForm"[^>]*action="([^"]+)"/.exec(html)?.[1] ??
    /<form[^>]*action="([^"]+)"[^>]*id="op.logoutForm"/.exec(html)?.[1];
  expect(action).toBeDefined();
  const fields = new URLSearchParams();
  for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields.set(m[1]!, m[2]!);
  expect(fields.get('logout')).toBe('yes');
  const posted = await browser.fetch(new URL(action!.replaceAll('&amp;', '&'), endSessionUrl).href, {
    method: 'POST',
    body: fields,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    csrf: false,
  });
  expect(posted.status).toBe(303);
  return new URL(posted.headers.get('location')!, endSessionUrl).href;
}

describe('sign-in always asks for a fresh identification', () => {
  test('the authorization request carries prompt=login and max_age=0, inside its signed request object', async () => {
    const url = await authorizationRequest(new TestBrowser(t.baseUrl));
    expect(url.href.startsWith(t.config.oidc.issuer)).toBe(true);
    expect([...url.searchParams.keys()].sort()).toEqual(['client_id', 'request']);
    const request = decodeJwt(url.searchParams.get('request')!);
    expect(request.prompt).toBe('login');
    expect(request.max_age).toBe(0);
  });

  test('a second sign-in in the same browser shows the identification page again, although the provider session lives', async () => {
    const browser = new TestBrowser(t.baseUrl);
    await browser.signIn(AINO.ssn);
    expect(await whoIsSignedIn(browser)).toBe(AINO.name);
    expect(await providerSessionAlive(browser)).toBe(true);
    expect(await startSignIn(browser)).toBe('identification page');
  });

  test('after a failed identification a retry asks again, and another person gets in', async () => {
    const browser = new TestBrowser(t.baseUrl);
    const failed = await browser.signIn('010190-123X');
    expect(new URL(failed.url).search).toBe('?error=invalidSsn');
    // The provider now holds a session for the refused code; the retry must not reuse it but ask again.
    expect(await startSignIn(browser)).toBe('identification page');
    const retry = await signInAs(browser, MATTI.ssn);
    expect(new URL(retry).pathname).toBe('/');
    expect(await whoIsSignedIn(browser)).toBe(MATTI.name);
  });
});

describe('logout ends the identification too (RP-initiated logout)', () => {
  let browser: TestBrowser;
  let endSession: EndSession;
  let sessionToken: string;

  beforeAll(async () => {
    browser = new TestBrowser(t.baseUrl);
    await browser.signIn(AINO.ssn);
    sessionToken = browser.cookie('prsp_session')!;
  });

  test('the ID token is kept with the session on the server, encrypted, and in no cookie', async () => {
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(sessionToken)));
    const stored = (row!.data as { idToken?: string }).idToken;
    expect(stored).toBeDefined();
    expect(stored).not.toMatch(/^eyJ/);
    expect(stored).not.toContain('.eyJ');
    for (const [, value] of Object.entries({ session: browser.cookie('prsp_session'), csrf: browser.cookie('prsp_csrf') })) {
      expect(value ?? '').not.toMatch(/^eyJ/);
    }
  });

  test('POST /api/logout answers the end-session request to post: id_token_hint in its body, nothing in its URL', async () => {
    const res = await browser.fetch('/api/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { endSession: EndSession } };
    endSession = body.data.endSession;
    expect(endSession.url).toBe(`${t.config.oidc.issuer}/session/end`);
    expect(endSession.params.post_logout_redirect_uri).toBe(`${t.baseUrl}/logout`);
    expect(endSession.params.client_id).toBe(t.config.oidc.clientId);
    // The signed ID token (decrypted from the JWE the provider sent): the provider can check it, it names the person.
    const hint = decodeJwt(endSession.params.id_token_hint!);
    expect(hint.sub).toBe(AINO.ssn);
    expect(hint.aud).toBe(t.config.oidc.clientId);
    expect(await whoIsSignedIn(browser)).toBeNull();
    // Our session row is gone with its ID token.
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(sessionToken))),
    ).toEqual([]);
  });

  test('the provider ends its session and sends the browser to our logout page', async () => {
    expect(await providerSessionAlive(browser)).toBe(true);
    const back = await confirmProviderLogout(browser, endSession);
    expect(new URL(back).origin + new URL(back).pathname).toBe(`${t.baseUrl}/logout`);
    expect(await providerSessionAlive(browser)).toBe(false);
  });

  test('the next sign-in asks to identify, and the next person sees their own name', async () => {
    expect(await startSignIn(browser)).toBe('identification page');
    await browser.signIn(MATTI.ssn);
    expect(await whoIsSignedIn(browser)).toBe(MATTI.name);
  });

  test('logout without a session answers null: there is nothing to end at the provider', async () => {
    const anonymous = new TestBrowser(t.baseUrl);
    await anonymous.fetch('/api/auth/check');
    const res = await anonymous.fetch('/api/logout', { method: 'POST' });
    expect(await res.json()).toEqual({ status: 'ok', statusCode: 200, data: null });
  });
});
