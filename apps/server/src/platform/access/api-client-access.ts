import { hkdfSync } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { parseRequestedScope, readScope, type ApiClientScope } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../app-error';
import { findApiClientByClientId } from './access.repo';

/** An organisation's integration client calling the FHIR API with a live access token (docs/fhir.md). */
/**
 * `id` is the client's row (the audit log's actor), `clientId` its public OAuth `client_id`; `scopes` what this
 * request may read: the token's scopes that the client still holds (docs/fhir.md 'Scopes').
 */
export type ApiClientContext = { id: string; clientId: string; organisationId: string; scopes: readonly ApiClientScope[] };

/** How long an access token lives: short, so a leaked one is worth little (revocation bites at once anyway). */
export const API_TOKEN_TTL_SECONDS = 15 * 60;

const ISSUER = 'prsp';
const AUDIENCE = 'prsp-fhir';

/**
 * The HMAC key of the FHIR access tokens, derived from the one configured secret (`DATA_KEY`) with a label of its own,
 * so it is the same on every instance and opens nothing else.
 */
export function apiTokenKey(dataKey: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', dataKey, 'prsp', 'fhir-access-token', 32));
}

/** The access token of `Authorization: Bearer …` (a JWT: three base64url parts), or null. */
export function apiBearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i);
  return match && match[1]!.length <= 2048 ? match[1]! : null;
}

/**
 * Signs an access token (HS256 JWT) naming the client and the scopes granted to it (the `scope` claim, space-separated
 * as in RFC 9068 §2.2.3); they only narrow the client's grant, which every request reads again.
 */
export async function issueApiAccessToken(
  key: Uint8Array,
  clientId: string,
  now = new Date(),
  scopes: readonly string[] = [],
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ scope: scopes.join(' ') })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + API_TOKEN_TTL_SECONDS)
    .sign(key);
}

/**
 * What a token may read: the types its `scope` claim names that the client's grant still holds, so narrowing a
 * client's grant, like revoking it, bites at once.
 */
export function effectiveScopes(tokenScope: string, grant: readonly string[]): ApiClientScope[] {
  const types = tokenScope.split(' ').flatMap((scope) => {
    const type = parseRequestedScope(scope)?.type;
    return type && type !== '*' ? [type] : [];
  });
  return [...new Set(types)].map(readScope).filter((scope) => grant.includes(scope));
}

/**
 * The client a bearer access token names (101 otherwise): a valid signature and expiry, a `scope` claim (a token
 * signed before scopes existed has none and is refused: the client asks for a new one), and a client that exists
 * and is not revoked. The client row is read on every request, so revoking a client refuses its tokens at once.
 */
export async function loadApiClientContext(
  db: Db,
  token: string | null,
  key: Uint8Array | null,
  now = new Date(),
): Promise<ApiClientContext> {
  if (!token || !key) throw new AppError(101, { detail: 'no api access token' });
  let clientId: string | undefined;
  let scope: unknown;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: 'at+jwt',
      currentDate: now,
    });
    clientId = payload.sub;
    scope = payload.scope;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw new AppError(101, { detail: `api access token refused: ${error.code}` });
    throw error;
  }
  if (!clientId) throw new AppError(101, { detail: 'api access token without subject' });
  if (typeof scope !== 'string') throw new AppError(101, { detail: 'api access token without scope' });
  const client = await findApiClientByClientId(db, clientId);
  if (!client || client.revokedAt) throw new AppError(101, { detail: 'api client unknown or revoked' });
  return { id: client.id, clientId: client.clientId, organisationId: client.organisationId, scopes: effectiveScopes(scope, client.scopes) };
}
