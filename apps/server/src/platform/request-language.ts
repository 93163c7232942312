import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from '@prsp/contracts';

/**
 * The language of a request: the `lang` query parameter, else the `language` cookie, else Finnish (spec §1). Read
 * from the URL itself: a route's query schema drops what it does not name, and `lang` is every route's.
 */
export function requestLanguage(req: FastifyRequest): Language {
  const lang = new URLSearchParams(req.url.split('?')[1] ?? '').get('lang');
  return (lang !== null ? toLanguage(lang) : undefined) ?? toLanguage(req.cookies?.language) ?? DEFAULT_LANGUAGE;
}
