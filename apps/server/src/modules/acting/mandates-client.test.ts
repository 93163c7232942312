import { describe, expect, test } from 'vitest';
import { createMandatesClient, MandatesError } from './mandates-client';
import { verifyMandatesSignature } from './mandates-signing';

const SETTINGS = {
  url: 'https://mandates.example/base/',
  clientId: 'a1b2c3d4',
  apiSecret: 'api-secret-0000000',
  oauthSecret: 'oauth-secret-00000',
};

/** A fetch that records requests and answers from a list. */
function recordingFetch(answers: { status: number; body: unknown }[]) {
  const requests: { url: URL; init: RequestInit }[] = [];
  const fetchImpl = (async (input: string | URL, init: RequestInit = {}) => {
    requests.push({ url: new URL(String(input)), init });
    const answer = answers.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { requests, fetchImpl };
}

const header = (init: RequestInit, name: string) => new Headers(init.headers).get(name);

describe('the mandate service client', () => {
  test('registers the delegate with a signed call and a fresh requestId', async () => {
    const { requests, fetchImpl } = recordingFetch([{ status: 200, body: { sessionId: 'S', userId: 'U' } }]);
    const client = createMandatesClient(SETTINGS, fetchImpl);
    expect(await client.register('010190-124N')).toEqual({ sessionId: 'S', userId: 'U' });
    const { url, init } = requests[0]!;
    expect(url.pathname).toBe('/base/service/hpa/user/register/a1b2c3d4/010190-124N');
    expect(url.searchParams.get('requestId')).toMatch(/^[0-9a-f-]{36}$/);
    // Signed over the path relative to the base address, query included.
    const pathWithQuery = url.pathname.slice('/base'.length) + url.search;
    const signature = header(init, 'x-asiointivaltuudetauthorization') ?? undefined;
    expect(verifyMandatesSignature(signature, { clientId: 'a1b2c3d4', apiKey: SETTINGS.apiSecret, pathWithQuery })).toBeNull();
  });

  test('builds the authorize URL with client, code flow, redirect, user, language and state', () => {
    const client = createMandatesClient(SETTINGS);
    const url = new URL(client.authorizeUrl({ userId: 'U', redirectUri: 'https://app/api/on-behalf/callback', lang: 'sv', state: 'st' }));
    expect(url.origin + url.pathname).toBe('https://mandates.example/base/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'a1b2c3d4',
      response_type: 'code',
      redirect_uri: 'https://app/api/on-behalf/callback',
      user: 'U',
      lang: 'sv',
      state: 'st',
    });
  });

  test('exchanges the code with HTTP Basic client id and OAuth password', async () => {
    const { requests, fetchImpl } = recordingFetch([{ status: 200, body: { access_token: 'T', token_type: 'bearer' } }]);
    const client = createMandatesClient(SETTINGS, fetchImpl);
    expect(await client.exchangeCode('C', 'https://app/cb')).toBe('T');
    const { url, init } = requests[0]!;
    expect(init.method).toBe('POST');
    expect(url.pathname).toBe('/base/oauth/token');
    expect(Object.fromEntries(url.searchParams)).toEqual({ grant_type: 'authorization_code', code: 'C', redirect_uri: 'https://app/cb' });
    expect(header(init, 'authorization')).toBe(`Basic ${Buffer.from('a1b2c3d4:oauth-secret-00000').toString('base64')}`);
  });

  test('reads principals and the authorization with the bearer token; only ALLOWED allows', async () => {
    const { requests, fetchImpl } = recordingFetch([
      { status: 200, body: [{ personId: '120315A456R', name: 'Lilja Virtanen' }] },
      { status: 200, body: { result: 'ALLOWED' } },
      { status: 200, body: { result: 'SOMETHING_ELSE' } },
    ]);
    const client = createMandatesClient(SETTINGS, fetchImpl);
    expect(await client.principals('S', 'T')).toEqual([{ personId: '120315A456R', name: 'Lilja Virtanen' }]);
    expect(await client.authorization('S', 'T', '120315A456R')).toBe('ALLOWED');
    expect(await client.authorization('S', 'T', '120315A456R')).toBe('DISALLOWED');
    expect(requests.map((r) => r.url.pathname)).toEqual([
      '/base/service/hpa/api/delegate/S',
      '/base/service/hpa/api/authorization/S/120315A456R',
      '/base/service/hpa/api/authorization/S/120315A456R',
    ]);
    for (const { init } of requests) {
      expect(header(init, 'authorization')).toBe('Bearer T');
      expect(header(init, 'x-asiointivaltuudetauthorization')).toMatch(/^a1b2c3d4 \S+ \S+$/);
    }
  });

  test('turns an error status, a bad body or a network failure into a MandatesError', async () => {
    const { fetchImpl } = recordingFetch([
      { status: 401, body: {} },
      { status: 200, body: { unexpected: true } },
    ]);
    const client = createMandatesClient(SETTINGS, fetchImpl);
    await expect(client.register('010190-124N')).rejects.toMatchObject({ step: 'register', status: 401 });
    await expect(client.exchangeCode('C', 'https://app/cb')).rejects.toBeInstanceOf(MandatesError);
    const offline = createMandatesClient(SETTINGS, (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch);
    await expect(offline.principals('S', 'T')).rejects.toMatchObject({ step: 'delegate', status: null });
  });
});
