import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from '@prsp/contracts';

/** The language of a request: the `lang` query parameter, else the `language` cookie, else Finnish (spec §1). */
export function requestLanguage(req: FastifyRequest): Language {
  const query = req.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.lang === 'string' ? toLanguage(query.lang) : undefined;
  return fromQuery ?? toLanguage(req.cookies?.language) ?? DEFAULT_LANGUAGE;
}
