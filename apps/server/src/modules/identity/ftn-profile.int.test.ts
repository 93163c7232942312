import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { compactDecrypt, decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { patients } from '../../db/schema';
import { createFieldCipher } from '../../platform/crypto/field-cipher';
import { TestBrowser } from '../../test/http-client';
import { signedAuthorizationQuery } from '../../test/request-object';
import { freePort, startTestApp, type TestApp } from '../../test/test-app';
import { importRpKeys } from './rp-keys';

// Traficom's FTN OpenID Connect profile (Recommendation 213/2023 S), end to end over HTTP: our relying party against
// the built-in provider, both in the strict profile. Each test states what must hold, never how long it may take.

const AINO = { ssn: '010190-124N', givenName: 'Aino', familyName: 'Virtanen' };
/** Not in the demo seed: a sign-in that gets through would create their patient row. */
const NEW_PERSON = { ssn: '010160W1359', givenName: 'Veikko', familyName: 'Testinen' };
const LOA2 = 'http://ftn.ficora.fi/2017/loa2';
const LOA3 = 'http://ftn.ficora.fi/2017/loa3';
const CALLBACK_PATH = '/api/login/callback';
const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

let t: TestApp;
let metadata: ProviderMetadata;
beforeAll(async () => {
  t = await startTestApp();
  metadata = await discover(t);
});
afterAll(() => t.close());

type ProviderMetadata = Record<string, unknown> & { token_endpoint: string; end_session_endpoint: string; authorization_endpoint: string };

/** The provider's discovery document, fetched as our client fetches it: from the configured issuer. */
async function discover(app: TestApp): Promise<ProviderMetadata> {
  const res = await fetch(`${app.config.oidc.issuer}/.well-known/openid-configuration`);
  expect(res.status).toBe(200);
  return (await res.json()) as ProviderMetadata;
}

/** The token endpoint of the app's provider, from its discovery document: the client assertions' audience. */
async function tokenEndpoint(app: TestApp): Promise<string> {
  return (await discover(app)).token_endpoint;
}

/** A form POST without the app's CSRF header: the provider's endpoints are not our API. */
function formPost(fields: URLSearchParams | Record<string, string>): RequestInit & { csrf: false } {
  return {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    csrf: false,
  };
}

type Navigation = { res: Response; url: string; visited: string[] };

/**
 * Follows a browser navigation hop by hop, as `TestBrowser.follow` does, but records every URL the browser asks
 * for (the form POSTs too), because the profile's promise is about URLs: they end up in logs, proxies and history.
 * On the provider's identification page it identifies as `ssn`. With `stopAtCallback` it stops at the redirect
 * back to us without fetching it, so the authorization code is still unused.
 */
async function navigate(browser: TestBrowser, start: string, opts: { ssn?: string; stopAtCallback?: boolean } = {}): Promise<Navigation> {
  let url = new URL(start, browser.baseUrl).href;
  const visited = [url];
  let res = await browser.fetch(url);
  let identified = false;
  for (let hops = 0; hops < 15; hops++) {
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).href;
      if (opts.stopAtCallback && new URL(url).pathname === CALLBACK_PATH) return { res, url, visited };
      visited.push(url);
      res = await browser.fetch(url);
    } else if (res.status === 200 && opts.ssn && !identified && /^\/test-idp\/interaction\/[^/]+$/.test(new URL(url).pathname)) {
      identified = true;
      url = `${url}/login`;
      visited.push(url);
      res = await browser.fetch(url, formPost({ ssn: opts.ssn, givenName: '', familyName: '' }));
    } else {
      break;
    }
  }
  return { res, url, visited };
}

/**
 * What a URL shows once percent-encoding is undone: its path and each query value. A compact JWS in the query (a
 * request object) is shown decoded too: base64url hides nothing from whoever reads the log.
 */
function readableParts(href: string): string[] {
  const url = new URL(href);
  const parts = [decodeURIComponent(url.pathname)];
  for (const [name, value] of url.searchParams) {
    parts.push(name, value);
    if (/^[\w-]+\.[\w-]+\.[\w-]*$/.test(value)) {
      parts.push(JSON.stringify(decodeProtectedHeader(value)), JSON.stringify(decodeJwt(value)));
    }
  }
  return parts;
}

/** Fails when a URL carries the person's identity code (with or without its separator) or their names. */
function expectNoPersonalData(urls: readonly string[], person: { ssn: string; givenName: string; familyName: string }) {
  const secrets = [person.ssn, person.ssn.toLowerCase(), person.ssn.replace(/[-+A-FU-Y]/, ''), person.givenName, person.familyName];
  for (const href of urls) {
    for (const part of readableParts(href)) {
      for (const secret of secrets) expect(part, `${href} shows personal data`).not.toContain(secret);
    }
  }
}

/** A PKCE pair (RFC 7636, S256) for authorization requests the test makes itself. */
function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * An authorization code of our client, obtained as our client would (a signed request object, the person
 * identifying on the provider's page) but not handed to our callback: the test exchanges it itself.
 */
async function authorizationCode(app: TestApp, ssn: string): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkce();
  const query = await signedAuthorizationQuery(app.config, {
    response_type: 'code',
    scope: 'openid profile',
    redirect_uri: `${app.baseUrl}${CALLBACK_PATH}`,
    state: randomBytes(16).toString('base64url'),
    nonce: randomBytes(16).toString('base64url'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    acr_values: app.config.oidc.acrValues.join(' '),
    prompt: 'login',
  });
  const back = await navigate(new TestBrowser(app.baseUrl), `${app.config.oidc.issuer}/auth?${query}`, { ssn, stopAtCallback: true });
  const code = new URL(back.url).searchParams.get('code');
  if (!code) throw new Error(`no code from the provider: ${back.url}`);
  return { code, verifier };
}

type AssertionOptions = { issuedAt?: number; expiresAt?: number; kid?: string; key?: CryptoKey };

/**
 * A `private_key_jwt` client assertion (RFC 7523) as our client makes one: header {alg, kid}, iss = sub = client_id,
 * aud = the token endpoint, a fresh jti. The options spoil one part of it at a time.
 */
async function clientAssertion(app: TestApp, opts: AssertionOptions = {}): Promise<string> {
  const { signing } = await importRpKeys(app.config.oidc.keys);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: signing.alg, kid: opts.kid ?? signing.kid })
    .setIssuer(app.config.oidc.clientId)
    .setSubject(app.config.oidc.clientId)
    .setAudience(await tokenEndpoint(app))
    .setJti(randomUUID())
    .setIssuedAt(opts.issuedAt ?? now)
    .setExpirationTime(opts.expiresAt ?? now + 60)
    .sign(opts.key ?? signing.key);
}

/** A token request exchanging `code`, authenticated by `auth` (the client fields of the form). */
async function tokenRequest(
  app: TestApp,
  grant: { code: string; verifier?: string },
  auth: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(await tokenEndpoint(app), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: `${app.baseUrl}${CALLBACK_PATH}`,
      code_verifier: grant.verifier ?? pkce().verifier,
      client_id: app.config.oidc.clientId,
      ...auth,
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const withAssertion = (assertion: string) => ({ client_assertion_type: JWT_BEARER, client_assertion: assertion });

/** The claims of an ID token that came encrypted to our key (a compact JWE around the provider's signed JWT). */
async function decryptIdToken(app: TestApp, jwe: string): Promise<Record<string, unknown>> {
  const { decryption } = await importRpKeys(app.config.oidc.keys);
  const { kid } = decodeProtectedHeader(jwe);
  const key = decryption.find((k) => k.kid === kid);
  if (!key) throw new Error(`the ID token is encrypted to ${kid}, not one of our keys`);
  const { plaintext } = await compactDecrypt(jwe, key.key);
  return decodeJwt(new TextDecoder().decode(plaintext));
}

/** The provider's answer to an authorization request: where it sent the browser, or the page it showed. */
async function authorizationAnswer(query: URLSearchParams | string): Promise<{ status: number; location: string | null; body: string }> {
  const res = await new TestBrowser(t.baseUrl).fetch(`${t.config.oidc.issuer}/auth?${query}`);
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
}

/**
 * The provider refused with the OAuth error `error`: no identification page and no code. It may say so on its own
 * error page or, the redirect URI being registered, by sending the browser back to our callback with `error=`.
 */
function expectRefusedAuthorization(answer: { status: number; location: string | null; body: string }, error: string) {
  if (answer.location) {
    const to = new URL(answer.location, t.config.oidc.issuer);
    expect(to.pathname).not.toMatch(/\/interaction\//);
    expect(to.searchParams.get('code')).toBeNull();
    expect(to.searchParams.get('error')).toBe(error);
  } else {
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body).toContain(error);
  }
}

/** An authorization request of our client to the provider, as parameters (client_id apart); PKCE as required. */
function authorizationParams(): Record<string, string> {
  return {
    response_type: 'code',
    scope: 'openid profile',
    redirect_uri: `${t.baseUrl}${CALLBACK_PATH}`,
    state: 'plain-state',
    nonce: 'plain-nonce',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
  };
}

describe('the provider advertises the FTN profile', () => {
  test('discovery: private_key_jwt only, signed request objects required, encrypted ID token and userinfo, our acr values', () => {
    expect(metadata.issuer).toBe(t.config.oidc.issuer);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['private_key_jwt']);
    expect(metadata.require_signed_request_object).toBe(true);
    expect(metadata.request_parameter_supported).toBe(true);
    expect(metadata.request_object_signing_alg_values_supported).not.toContain('none');
    expect(metadata.request_object_signing_alg_values_supported).toContain(t.config.oidc.keys.find((k) => k.use === 'sig')!.alg);
    for (const field of [
      'id_token_encryption_alg_values_supported',
      'id_token_encryption_enc_values_supported',
      'userinfo_encryption_alg_values_supported',
      'userinfo_encryption_enc_values_supported',
    ]) {
      expect(metadata[field], field).toEqual(expect.arrayContaining([expect.any(String)]));
    }
    const encryptionAlg = t.config.oidc.keys.find((k) => k.use === 'enc')!.alg;
    expect(metadata.id_token_encryption_alg_values_supported).toContain(encryptionAlg);
    expect(metadata.userinfo_encryption_alg_values_supported).toContain(encryptionAlg);
    expect(metadata.acr_values_supported).toEqual(t.config.oidc.acrValues);
    expect(t.config.oidc.acrValues).toEqual([LOA2, LOA3]);
    // Nothing that rests on a shared secret, or on no key at all: asymmetric algorithms only.
    for (const field of [
      'token_endpoint_auth_signing_alg_values_supported',
      'request_object_signing_alg_values_supported',
      'id_token_signing_alg_values_supported',
      'userinfo_signing_alg_values_supported',
    ]) {
      expect(metadata[field], field).toEqual(expect.not.arrayContaining(['none', 'HS256', 'HS384', 'HS512']));
    }
    for (const field of ['id_token_encryption_alg_values_supported', 'userinfo_encryption_alg_values_supported']) {
      expect(metadata[field], field).toEqual(expect.not.arrayContaining(['dir', 'A128KW', 'A256KW']));
    }
  });
});

describe('our public JWK set', () => {
  test('GET /.well-known/jwks.json serves the public half of every configured key, as a JWK set', async () => {
    const res = await fetch(`${t.baseUrl}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/jwk-set\+json\b/);
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys.map((k) => k.kid)).toEqual(t.config.oidc.keys.map((k) => k.kid));
    for (const key of keys) {
      expect(key).toMatchObject({ kid: expect.any(String), use: expect.stringMatching(/^(sig|enc)$/), alg: expect.any(String) });
      for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth'])
        expect(key, `${String(key.kid)} has ${member}`).not.toHaveProperty(member);
    }
    expect(keys.filter((k) => k.use === 'sig').length).toBeGreaterThanOrEqual(1);
    expect(keys.filter((k) => k.use === 'enc').length).toBeGreaterThanOrEqual(1);
  });
});

describe('a sign-in with a signed request object (JAR)', () => {
  let browser: TestBrowser;
  let signIn: Navigation;
  let authorization: URL;

  beforeAll(async () => {
    browser = new TestBrowser(t.baseUrl);
    signIn = await navigate(browser, '/api/login', { ssn: AINO.ssn });
    authorization = new URL(signIn.visited[1]!);
  });

  test('no URL the browser visited shows the identity code or the names', () => {
    // Sanity: the walk did go through the provider and back to our callback.
    expect(signIn.visited.some((url) => new URL(url).pathname.startsWith('/test-idp/interaction/'))).toBe(true);
    expect(signIn.visited.some((url) => new URL(url).pathname === CALLBACK_PATH)).toBe(true);
    expectNoPersonalData(signIn.visited, AINO);
  });

  test('the authorization request URL carries only client_id and the request object', () => {
    expect(`${authorization.origin}${authorization.pathname}`).toBe(metadata.authorization_endpoint);
    expect([...authorization.searchParams.keys()].sort()).toEqual(['client_id', 'request']);
    expect(authorization.searchParams.get('client_id')).toBe(t.config.oidc.clientId);
  });

  test('the request object is signed with our key and holds the whole request', () => {
    const request = authorization.searchParams.get('request')!;
    const signing = t.config.oidc.keys.find((key) => key.use === 'sig')!;
    expect(decodeProtectedHeader(request)).toMatchObject({ alg: signing.alg, kid: signing.kid });
    const claims = decodeJwt(request);
    expect(claims).toMatchObject({
      client_id: t.config.oidc.clientId,
      response_type: 'code',
      redirect_uri: `${t.baseUrl}${CALLBACK_PATH}`,
      acr_values: t.config.oidc.acrValues.join(' '),
      prompt: 'login',
      code_challenge_method: 'S256',
    });
    for (const claim of ['nonce', 'state', 'code_challenge']) expect(claims[claim], claim).toEqual(expect.stringMatching(/^[\w-]{20,}$/));
    // The state in the request object is the one the provider sent back to our callback.
    const callback = new URL(signIn.visited.find((url) => new URL(url).pathname === CALLBACK_PATH)!);
    expect(callback.searchParams.get('state')).toBe(claims.state);
  });

  test('the sign-in succeeds: the session names the person', async () => {
    expect(new URL(signIn.url).pathname).toBe('/');
    expect(new URL(signIn.url).search).toBe('');
    const info = await browser.fetch('/api/user/info');
    expect(info.status).toBe(200);
    expect((await info.json()).data).toMatchObject({ firstName: AINO.givenName, lastName: AINO.familyName });
  });
});

describe('a sign-in with a pushed authorization request (PAR)', () => {
  let par: TestApp;
  beforeAll(async () => {
    par = await startTestApp({ OIDC_AUTH_REQUEST: 'par' });
  });
  afterAll(() => par.close());

  test('the authorization URL carries only client_id and a request_uri reference, and the sign-in succeeds', async () => {
    const browser = new TestBrowser(par.baseUrl);
    const start = await browser.fetch('/api/login');
    expect(start.status).toBe(303);
    const authorization = new URL(start.headers.get('location')!);
    expect(authorization.href.startsWith(`${par.config.oidc.issuer}/auth?`)).toBe(true);
    expect([...authorization.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
    expect(authorization.searchParams.get('request_uri')).toMatch(/^urn:ietf:params:oauth:request_uri:/);

    const { visited, url } = await navigate(browser, authorization.href, { ssn: AINO.ssn });
    expectNoPersonalData(visited, AINO);
    expect(new URL(url).pathname).toBe('/');
    const info = await browser.fetch('/api/user/info');
    expect(info.status).toBe(200);
    expect((await info.json()).data).toMatchObject({ firstName: AINO.givenName, lastName: AINO.familyName });
  });
});

describe('the provider refuses authorization requests that are not signed by us', () => {
  test('plain query parameters without a request object', async () => {
    const answer = await authorizationAnswer(new URLSearchParams({ client_id: t.config.oidc.clientId, ...authorizationParams() }));
    expectRefusedAuthorization(answer, 'invalid_request');
  });

  test('an unsigned request object (alg none)', async () => {
    const clientId = t.config.oidc.clientId;
    const request = new UnsecuredJWT({ ...authorizationParams(), client_id: clientId })
      .setIssuer(clientId)
      .setAudience(t.config.oidc.issuer)
      .setIssuedAt()
      .encode();
    const answer = await authorizationAnswer(new URLSearchParams({ client_id: clientId, request }));
    expectRefusedAuthorization(answer, 'invalid_request_object');
  });

  test('a request object signed with another key under our kid', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const query = await signedAuthorizationQuery(t.config, authorizationParams(), { key: privateKey });
    expectRefusedAuthorization(await authorizationAnswer(query), 'invalid_request_object');
  });

  test('a request object under a kid we never published', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const query = await signedAuthorizationQuery(t.config, authorizationParams(), { kid: 'not-our-key', key: privateKey });
    expectRefusedAuthorization(await authorizationAnswer(query), 'invalid_request_object');
  });

  test('for contrast, our signed request object reaches the identification page', async () => {
    const answer = await authorizationAnswer(await signedAuthorizationQuery(t.config, authorizationParams()));
    expect(answer.status).toBe(303);
    expect(new URL(answer.location!, t.config.oidc.issuer).pathname).toMatch(/^\/test-idp\/interaction\/[^/]+$/);
  });
});

describe('the token endpoint takes only a valid private_key_jwt assertion', () => {
  // A code the provider never issued: client authentication is checked first, so a valid assertion gets as far as
  // invalid_grant and a spoilt one stops at invalid_client.
  const unknownCode = { code: 'not-an-authorization-code' };

  test('a valid assertion gets past client authentication (invalid_grant for an unknown code)', async () => {
    const { status, body } = await tokenRequest(t, unknownCode, withAssertion(await clientAssertion(t)));
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });

  test('a client secret (client_secret_post) instead of an assertion is invalid_client', async () => {
    const { status, body } = await tokenRequest(t, unknownCode, { client_secret: t.config.oidc.clientSecret });
    expect(status).toBe(401);
    expect(body.error).toBe('invalid_client');
  });

  test('an expired assertion is invalid_client', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await clientAssertion(t, { issuedAt: now - 600, expiresAt: now - 300 });
    const { status, body } = await tokenRequest(t, unknownCode, withAssertion(expired));
    expect(status).toBe(401);
    expect(body.error).toBe('invalid_client');
  });

  test.each([
    ['signed with another key under our kid', {}],
    ['under a kid we never published', { kid: 'not-our-key' }],
  ])('an assertion %s is invalid_client', async (_name, spoil) => {
    const { privateKey } = await generateKeyPair('ES256');
    const { status, body } = await tokenRequest(t, unknownCode, withAssertion(await clientAssertion(t, { ...spoil, key: privateKey })));
    expect(status).toBe(401);
    expect(body.error).toBe('invalid_client');
  });

  test('an assertion used once is refused the second time, even with a good code; the ID token comes encrypted', async () => {
    const first = await authorizationCode(t, AINO.ssn);
    const second = await authorizationCode(t, AINO.ssn);
    const assertion = await clientAssertion(t);

    const exchanged = await tokenRequest(t, first, withAssertion(assertion));
    expect(exchanged.status).toBe(200);
    const idToken = exchanged.body.id_token as string;
    // A compact JWE (five parts) to our encryption key; inside, the signed token with an acr we asked for.
    expect(idToken.split('.')).toHaveLength(5);
    expect(decodeProtectedHeader(idToken).kid).toBe(t.config.oidc.keys.find((k) => k.use === 'enc')!.kid);
    const claims = await decryptIdToken(t, idToken);
    expect(claims.sub).toBe(AINO.ssn);
    expect(t.config.oidc.acrAllowed).toContain(claims.acr);

    const replayed = await tokenRequest(t, second, withAssertion(assertion));
    expect(replayed.status).toBe(401);
    expect(replayed.body.error).toBe('invalid_client');
    // The second code was good all along: a fresh assertion exchanges it.
    const fresh = await tokenRequest(t, second, withAssertion(await clientAssertion(t)));
    expect(fresh.status).toBe(200);
  });
});

describe('an acr outside our allow-list is refused', () => {
  let weak: TestApp;
  beforeAll(async () => {
    weak = await startTestApp({ OIDC_ACR_VALUES: LOA2, OIDC_ACR_ALLOWED: LOA3 });
  });
  afterAll(() => weak.close());

  test('the provider gives loa2 as asked', async () => {
    const { code, verifier } = await authorizationCode(weak, NEW_PERSON.ssn);
    const { status, body } = await tokenRequest(weak, { code, verifier }, withAssertion(await clientAssertion(weak)));
    expect(status).toBe(200);
    expect((await decryptIdToken(weak, body.id_token as string)).acr).toBe(LOA2);
  });

  test('our callback refuses it: /?error=loginFailed, no session, no patient created', async () => {
    const browser = new TestBrowser(weak.baseUrl);
    const { url } = await browser.signIn(NEW_PERSON.ssn, NEW_PERSON);
    expect(new URL(url).pathname).toBe('/');
    expect(new URL(url).search).toBe('?error=loginFailed');
    expect(browser.cookie('prsp_session')).toBeUndefined();
    const check = await browser.fetch('/api/auth/check');
    expect(check.status).toBe(401);
    const cipher = createFieldCipher(weak.config.dataKey);
    const rows = await weak.database.db
      .select()
      .from(patients)
      .where(eq(patients.ssnHash, cipher.keyedHash(NEW_PERSON.ssn)));
    expect(rows).toEqual([]);
  });
});

describe('the broker cannot be reached', () => {
  let away: TestApp;
  beforeAll(async () => {
    // A port nothing listens on; the built-in provider is off, as with a real broker.
    away = await startTestApp({ OIDC_ISSUER: `http://127.0.0.1:${await freePort()}/oidc`, TEST_IDP_ENABLED: 'false' });
  });
  afterAll(() => away.close());

  test('GET /api/login sends the browser to /?error=loginFailed (303), not a JSON error', async () => {
    expect(away.config.testIdpEnabled).toBe(false);
    const res = await new TestBrowser(away.baseUrl).fetch('/api/login');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?error=loginFailed');
    expect(res.headers.get('content-type') ?? '').not.toMatch(/json/);
    const body = await res.text();
    expect(body.trimStart().startsWith('{')).toBe(false);
  });

  test('the authentication page it goes back to keeps the language the sign-in asked in', async () => {
    for (const [asked, kept] of [
      ['en', 'en'],
      ['sv', 'se'],
    ]) {
      const res = await new TestBrowser(away.baseUrl).fetch(`/api/login?lang=${asked}`);
      expect(res.headers.get('location')).toBe(`/?error=loginFailed&lang=${kept}`);
    }
  });
});

describe('logout ends the identification by a form POST', () => {
  test('endSession names the end_session_endpoint with no query; posting its params gives the logout page', async () => {
    const browser = new TestBrowser(t.baseUrl);
    const signIn = await navigate(browser, '/api/login', { ssn: AINO.ssn });
    expect((await browser.fetch('/api/user/info')).status).toBe(200);

    const res = await browser.fetch('/api/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    const { endSession } = ((await res.json()) as { data: { endSession: { url: string; params: Record<string, string> } } }).data;
    expect(endSession.url).toBe(metadata.end_session_endpoint);
    expect(new URL(endSession.url).search).toBe('');
    expect(endSession.params).toMatchObject({ id_token_hint: expect.any(String), client_id: t.config.oidc.clientId });
    expect(decodeJwt(endSession.params.id_token_hint!).sub).toBe(AINO.ssn);

    const page = await browser.fetch(endSession.url, formPost(endSession.params));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html\b/);
    const html = await page.text();
    const action = /<form[^>]*id="op.logoutForm"[^>]*action="([^"]+)"|<form[^>]*action="([^"]+)"[^>]*id="op.logoutForm"/.exec(html);
    expect(action).not.toBeNull();
    const confirmUrl = new URL((action![1] ?? action![2]!).replaceAll('&amp;', '&'), endSession.url).href;
    // The page submits its form itself (logout.js); do what the script does, and see where the browser lands.
    const fields = new URLSearchParams();
    for (const m of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) fields.set(m[1]!, m[2]!);
    const confirmed = await browser.fetch(confirmUrl, formPost(fields));
    expect(confirmed.status).toBe(303);
    const landing = new URL(confirmed.headers.get('location')!, confirmUrl).href;
    expect(new URL(landing).pathname).toBe('/logout');

    expectNoPersonalData([...signIn.visited, `${t.baseUrl}/api/logout`, endSession.url, confirmUrl, landing], AINO);
  });
});
