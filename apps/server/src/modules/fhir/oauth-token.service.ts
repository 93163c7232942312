import type { Db } from '../../db/client';
import { API_TOKEN_TTL_SECONDS, issueApiAccessToken } from '../../platform/access/api-client-access';
import { safeEqual, sha256 } from '../../platform/crypto/tokens';
import { findApiClient, stampApiClientUse } from './api-clients.repo';
import { requestedScopes } from './fhir-scopes';

/** An RFC 6749 §5.2 error: its code, HTTP status and a description for the integrator's developer. */
export class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope',
    readonly status: 400 | 401,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export type ClientCredentials = { clientId: string; clientSecret: string; method: 'client_secret_basic' | 'client_secret_post' };

/**
 * The client's credentials from `Authorization: Basic` (RFC 6749 §2.3.1: form-encoded, then base64) or from the body,
 * never both (§2.3: one method per request).
 */
export function clientCredentials(header: string | undefined, body: Record<string, unknown>): ClientCredentials {
  const inBody = typeof body.client_id === 'string' || typeof body.client_secret === 'string';
  const basic = header?.match(/^Basic ([A-Za-z0-9+/=]+)$/i);
  if (header && !basic) throw new OAuthError('invalid_client', 401, 'Unsupported Authorization scheme: use Basic');
  if (basic && inBody) throw new OAuthError('invalid_request', 400, 'Use one client authentication method');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw new OAuthError('invalid_client', 401, 'Malformed Basic credentials');
    try {
      return {
        clientId: decodeURIComponent(decoded.slice(0, colon).replaceAll('+', ' ')),
        clientSecret: decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' ')),
        method: 'client_secret_basic',
      };
    } catch {
      throw new OAuthError('invalid_client', 401, 'Malformed Basic credentials');
    }
  }
  if (typeof body.client_id !== 'string' || typeof body.client_secret !== 'string') {
    throw new OAuthError('invalid_client', 401, 'Client authentication required');
  }
  return { clientId: body.client_id, clientSecret: body.client_secret, method: 'client_secret_post' };
}

/** RFC 6749 §5.1; `scope` always names what was granted (space-separated), asked for or not. */
export type TokenAnswer = { access_token: string; token_type: 'Bearer'; expires_in: number; scope: string };

/**
 * The client credentials grant (RFC 6749 §4.4): a live client with the right secret gets a short-lived access token
 * for the scopes it asked (`scope`, within its grant; none asked: all of it) and its `last_used_at` is stamped.
 * Unknown client, wrong secret and revoked client all answer the same; whether a scope is the client's is judged
 * only after authentication, so `invalid_scope` tells a caller without the secret nothing about the grant.
 */
export async function grantClientCredentials(
  db: Db,
  key: Uint8Array,
  body: Record<string, unknown>,
  header: string | undefined,
  now = new Date(),
): Promise<TokenAnswer> {
  const credentials = clientCredentials(header, body);
  if (body.grant_type === undefined) throw new OAuthError('invalid_request', 400, 'grant_type is required');
  if (body.grant_type !== 'client_credentials') throw new OAuthError('unsupported_grant_type', 400, 'Only client_credentials is supported');
  if (body.scope !== undefined && (typeof body.scope !== 'string' || body.scope.length > 2000)) {
    throw new OAuthError('invalid_scope', 400, 'Invalid scope');
  }
  const client = await findApiClient(db, credentials.clientId.slice(0, 100));
  // Hash the presented secret even when no client is found, so the answer takes as long either way.
  const presented = sha256(credentials.clientSecret);
  if (!client || !safeEqual(presented, client.secretHash) || client.revokedAt) {
    throw new OAuthError('invalid_client', 401, 'Client authentication failed');
  }
  const scopes = requestedScopes(body.scope as string | undefined, client.scopes);
  if (!scopes)
    throw new OAuthError('invalid_scope', 400, 'A requested scope is unknown or not granted to this client (docs/fhir.md: Scopes)');
  await stampApiClientUse(db, client.id, now);
  return {
    access_token: await issueApiAccessToken(key, client.clientId, now, scopes),
    token_type: 'Bearer',
    expires_in: API_TOKEN_TTL_SECONDS,
    scope: scopes.join(' '),
  };
}
