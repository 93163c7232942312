import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../platform/app-error';

/** A surrogate half without its other half: what `\ud800` in JSON decodes to, and no character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string of a parsed body (keys included) holds a lone surrogate. */
function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(holdsLoneSurrogate);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([key, v]) => LONE_SURROGATE.test(key) || holdsLoneSurrogate(v));
  return false;
}

/**
 * The API's bodies are JSON (and multipart where a route takes files, forms where a protocol says so): a body of
 * another type, plain text included, is refused with 415 instead of reaching validation as a string. JSON bodies are
 * UTF-8, all of it: bytes that are not UTF-8, and escapes of half a character (`\ud800`), are refused with 400
 * instead of being stored as U+FFFD or as text no database or browser can show. Fastify's own parser does the rest
 * (its protection against `__proto__` and `constructor` keys included).
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body: Buffer, done) => {
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      return done(new AppError(400, { detail: 'body is not UTF-8' }), undefined);
    }
    parse(req, text, (err, value) => {
      if (err) return done(err, undefined);
      if (holdsLoneSurrogate(value)) return done(new AppError(400, { detail: 'body holds half a character' }), undefined);
      done(null, value);
    });
  });
});
