import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { FhirError } from './fhir-outcome';
import type { Query } from './fhir-search';

/**
 * The key of the paging links of searches by POST, derived from the one configured secret (`DATA_KEY`) with a label
 * of its own, so every instance opens the links any other made and the key opens nothing else.
 */
export function pageTokenKey(dataKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, 'prsp', 'fhir-page-token', 32));
}

const IV = 12;
const TAG = 16;
/** Bound to the client (its row id) and the resource type: another client's token, or one of another type, does not open. */
const boundTo = (clientId: string, type: string) => Buffer.from(`${clientId}/${type}`, 'utf8');

/**
 * A page of a search as an opaque token (AES-256-GCM, base64url): what a search by POST kept out of the URL (an
 * identity code) stays out of its Bundle's links too, and the links still work as a plain GET
 * (`[base]/{type}?_page=…`). Nothing is stored: the token carries the parameters, sealed.
 */
export function sealPage(key: Buffer, clientId: string, type: string, params: Query): string {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(boundTo(clientId, type));
  const data = Buffer.concat([cipher.update(JSON.stringify(params), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

const isParams = (value: unknown): value is Query =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string' || (Array.isArray(v) && v.every((s) => typeof s === 'string')));

/** The parameters a token sealed for this client and type, or 400 (forged, altered, another client's or type's). */
export function openPage(key: Buffer, clientId: string, type: string, token: string): Query {
  const refused = new FhirError(400, 'invalid', 'Unknown page token: search again');
  const raw = /^[A-Za-z0-9_-]{1,8192}$/.test(token) ? Buffer.from(token, 'base64url') : Buffer.alloc(0);
  if (raw.length <= IV + TAG) throw refused;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV));
    decipher.setAAD(boundTo(clientId, type));
    decipher.setAuthTag(raw.subarray(IV, IV + TAG));
    const params: unknown = JSON.parse(Buffer.concat([decipher.update(raw.subarray(IV + TAG)), decipher.final()]).toString('utf8'));
    if (isParams(params)) return params;
  } catch {
    // A token that does not open is refused below, like one that opens to something else.
  }
  throw refused;
}
