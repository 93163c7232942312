import { createHmac } from 'node:crypto';
import { safeEqual } from '../../platform/crypto/tokens';

/**
 * The request signature of the Suomi.fi Mandates (Suomi.fi-valtuudet) Web API.
 *
 * From the service's documentation (kehittajille.suomi.fi, e-Authorizations, 'Web API and selection
 * interface'): every API call carries the header `X-AsiointivaltuudetAuthorization` whose value is the
 * Web API client id, a time stamp and a checksum separated by spaces; the time stamp is ISO 8601; the
 * checksum is the Base64 of HMAC-SHA256 keyed with the API key over the call path (with its query string)
 * and the time stamp, joined by one space; the service rejects a time stamp more than ±5 minutes off.
 * The agency's reference clients sign the path relative to the service's base address, query included
 * (e.g. `/service/hpa/user/register/{clientId}/{hetu}?requestId=…`), and send UTC time stamps.
 *
 * (The brief had `SUOMIFI <clientId>:<timestamp>:<checksum>`; the documentation's space-separated form
 * without a scheme is what the real service reads, so that is what is built here.)
 */
export const MANDATES_SIGNATURE_HEADER = 'x-asiointivaltuudetauthorization';

/** The documented tolerance between the caller's clock and the service's. */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** Base64 HMAC-SHA256 of `pathWithQuery + ' ' + timestamp` keyed with the API key. */
export function mandatesChecksum(apiKey: string, pathWithQuery: string, timestamp: string): string {
  return createHmac('sha256', apiKey).update(`${pathWithQuery} ${timestamp}`, 'utf8').digest('base64');
}

/** The header value for one call: `<clientId> <timestamp> <checksum>`. */
export function mandatesSignatureHeader(opts: { clientId: string; apiKey: string; pathWithQuery: string; now?: Date }): string {
  const timestamp = (opts.now ?? new Date()).toISOString();
  return `${opts.clientId} ${timestamp} ${mandatesChecksum(opts.apiKey, opts.pathWithQuery, timestamp)}`;
}

export type SignatureProblem = 'missing' | 'malformed' | 'unknownClient' | 'stale' | 'badChecksum';

/**
 * Checks a signature header the way the service does: known client, time stamp within ±5 minutes,
 * checksum over exactly the path and query that were called. Used by the built-in test service.
 */
export function verifyMandatesSignature(
  header: string | undefined,
  expected: { clientId: string; apiKey: string; pathWithQuery: string; now?: Date },
): SignatureProblem | null {
  if (!header) return 'missing';
  const parts = header.trim().split(' ');
  if (parts.length !== 3) return 'malformed';
  const [clientId, timestamp, checksum] = parts as [string, string, string];
  const at = Date.parse(timestamp);
  if (Number.isNaN(at)) return 'malformed';
  if (clientId !== expected.clientId) return 'unknownClient';
  if (Math.abs((expected.now ?? new Date()).getTime() - at) > MAX_CLOCK_SKEW_MS) return 'stale';
  return safeEqual(checksum, mandatesChecksum(expected.apiKey, expected.pathWithQuery, timestamp)) ? null : 'badChecksum';
}
