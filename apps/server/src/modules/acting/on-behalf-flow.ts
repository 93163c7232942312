import type { Language, OnBehalfCallbackQuery, OnBehalfError } from '@prsp/contracts';
import { safeEqual } from '../../platform/crypto/tokens';
import type { MandatesLanguage } from './mandates-client';
import { languageTag } from '@prsp/contracts';

/** A choice at the mandate service that has not come back within this time is void. */
export const MANDATE_FLOW_TTL_MS = 10 * 60 * 1000;

/** Why starting to act did not happen; the route turns it into `/landing?onBehalfError=<reason>`. */
export class OnBehalfRefusal extends Error {
  constructor(
    readonly reason: OnBehalfError,
    detail: string,
  ) {
    super(detail);
    this.name = 'OnBehalfRefusal';
  }
}

/**
 * The state in the callback URL must be the one this browser's cookie holds: a callback URL made for
 * another browser (a forged or planted one) then finds no cookie, or a different one.
 */
export function statesMatch(fromCookie: string | undefined, fromQuery: string | undefined): fromCookie is string {
  return !!fromCookie && !!fromQuery && safeEqual(fromCookie, fromQuery);
}

/** A stored flow is usable by the session that started it, and only within the time limit. */
export function flowUsable(
  flow: { sessionId: string; createdAt: Date } | undefined,
  sessionId: string,
  now: Date,
): flow is { sessionId: string; createdAt: Date } {
  if (!flow || flow.sessionId !== sessionId) return false;
  const age = now.getTime() - flow.createdAt.getTime();
  return age >= 0 && age <= MANDATE_FLOW_TTL_MS;
}

/**
 * What the mandate service's redirect says: a code to exchange, or the reason there is none.
 * `access_denied` is the OAuth 2.0 answer when the person cancels (RFC 6749 §4.1.2.1).
 */
export function redirectOutcome(query: OnBehalfCallbackQuery): { code: string } | { refused: OnBehalfError } {
  if (query.error) return { refused: query.error === 'access_denied' ? 'cancelled' : 'failed' };
  if (!query.code) return { refused: 'failed' };
  return { code: query.code };
}

/**
 * The mandate service gives one display name; patients are stored with given and family names.
 * The last word is taken as the family name (double-barrelled names are hyphenated, so stay whole).
 */
export function splitPersonName(name: string): { givenName: string; familyName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { givenName: words[0] ?? '', familyName: '' };
  return { givenName: words.slice(0, -1).join(' '), familyName: words.at(-1)! };
}

/** The product calls Swedish `se`; the mandate service's pages take `sv`. */
export function mandatesLanguage(lang: Language): MandatesLanguage {
  return languageTag(lang);
}
