import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { MANDATES_SIGNATURE_HEADER, mandatesSignatureHeader } from './mandates-signing';

/**
 * Client of the Suomi.fi Mandates (Suomi.fi-valtuudet) Web API for acting on behalf of another person
 * (the 'HPA' person-to-person API). What follows the service's documentation (kehittajille.suomi.fi,
 * e-Authorizations: 'Web API and selection interface', 'Web API connection: instructions for developers',
 * and the agency's reference clients):
 * - three credentials per e-service: Web API client id, API key (signs calls) and OAuth password;
 * - `GET /service/hpa/user/register/{clientId}/{delegate hetu}?requestId=…` answers `{ sessionId, userId }`;
 * - the browser goes to `/oauth/authorize?client_id&response_type=code&redirect_uri&user=<userId>&lang`;
 * - `POST /oauth/token` with HTTP Basic `clientId:oauthPassword` exchanges the code; the reference clients
 *   send `grant_type`, `code` and `redirect_uri` as query parameters, so this client does the same;
 * - `GET /service/hpa/api/delegate/{sessionId}?requestId=…` with the bearer token lists the chosen
 *   principals as `[{ personId, name }]`;
 * - `GET /service/hpa/api/authorization/{sessionId}/{principal hetu}?requestId=…` answers
 *   `{ result: 'ALLOWED' | 'DISALLOWED' }`;
 * - every `/service/…` call is signed (see mandates-signing.ts); requestId is unique per call (a UUID);
 *   an expired Web API session answers 401.
 * Our own additions: `state` on the authorize URL (a standard OAuth 2.0 parameter the authorization
 * server returns unchanged, RFC 6749 §4.1.2) and a timeout on every call.
 */
export type MandatesSettings = { url: string; clientId: string; apiSecret: string; oauthSecret: string };

export type MandateSession = { sessionId: string; userId: string };
export type Principal = { personId: string; name: string };
export type AuthorizationResult = 'ALLOWED' | 'DISALLOWED';
/** Languages of the service's selection pages. */
export type MandatesLanguage = 'fi' | 'sv' | 'en';

const ZRegistration = z.object({ sessionId: z.string().min(1), userId: z.string().min(1) });
const ZToken = z.object({ access_token: z.string().min(1) });
const ZPrincipals = z.array(z.object({ personId: z.string(), name: z.string().default('') }));
const ZAuthorization = z.object({ result: z.string() });

const TIMEOUT_MS = 10_000;

/** A call to the mandate service that did not give the expected answer; carries no personal data. */
export class MandatesError extends Error {
  constructor(
    readonly step: 'register' | 'token' | 'delegate' | 'authorization',
    readonly status: number | null,
  ) {
    super(`mandate service ${step} failed${status === null ? '' : ` with HTTP ${status}`}`);
    this.name = 'MandatesError';
  }
}

/** Builds the client; `fetchImpl` is for tests that need to see the raw requests. */
export function createMandatesClient(settings: MandatesSettings, fetchImpl: typeof fetch = fetch) {
  const base = settings.url.replace(/\/$/, '');

  async function call<T>(step: MandatesError['step'], schema: z.ZodType<T>, url: string, init: RequestInit): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new MandatesError(step, null);
    }
    if (res.status !== 200) throw new MandatesError(step, res.status);
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw new MandatesError(step, res.status);
    return parsed.data;
  }

  /** A signed GET of a `/service/…` path; the query always carries a fresh requestId. */
  function signedGet<T>(step: MandatesError['step'], schema: z.ZodType<T>, path: string, accessToken?: string): Promise<T> {
    const pathWithQuery = `${path}?requestId=${randomUUID()}`;
    const headers: Record<string, string> = {
      [MANDATES_SIGNATURE_HEADER]: mandatesSignatureHeader({ clientId: settings.clientId, apiKey: settings.apiSecret, pathWithQuery }),
      accept: 'application/json',
    };
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    return call(step, schema, base + pathWithQuery, { method: 'GET', headers });
  }

  const segment = encodeURIComponent;

  return {
    /** Step 1: opens a Web API session for the signed-in delegate. */
    register(delegateSsn: string): Promise<MandateSession> {
      return signedGet('register', ZRegistration, `/service/hpa/user/register/${segment(settings.clientId)}/${segment(delegateSsn)}`);
    },

    /** Step 2: where the browser goes to choose whom to act for. */
    authorizeUrl(opts: { userId: string; redirectUri: string; lang: MandatesLanguage; state: string }): string {
      const query = new URLSearchParams({
        client_id: settings.clientId,
        response_type: 'code',
        redirect_uri: opts.redirectUri,
        user: opts.userId,
        lang: opts.lang,
        state: opts.state,
      });
      return `${base}/oauth/authorize?${query}`;
    },

    /** Step 3: exchanges the authorization code for an access token of this Web API session. */
    async exchangeCode(code: string, redirectUri: string): Promise<string> {
      const query = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
      const basic = Buffer.from(`${settings.clientId}:${settings.oauthSecret}`, 'utf8').toString('base64');
      const token = await call('token', ZToken, `${base}/oauth/token?${query}`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, accept: 'application/json' },
      });
      return token.access_token;
    },

    /** Step 4: the principals the delegate chose on the selection page. */
    principals(sessionId: string, accessToken: string): Promise<Principal[]> {
      return signedGet('delegate', ZPrincipals, `/service/hpa/api/delegate/${segment(sessionId)}`, accessToken);
    },

    /** Step 5: whether the delegate may act for this principal in this e-service. */
    async authorization(sessionId: string, accessToken: string, principalSsn: string): Promise<AuthorizationResult> {
      const path = `/service/hpa/api/authorization/${segment(sessionId)}/${segment(principalSsn)}`;
      const { result } = await signedGet('authorization', ZAuthorization, path, accessToken);
      // Anything but an explicit ALLOWED refuses.
      return result === 'ALLOWED' ? 'ALLOWED' : 'DISALLOWED';
    },
  };
}

export type MandatesClient = ReturnType<typeof createMandatesClient>;
