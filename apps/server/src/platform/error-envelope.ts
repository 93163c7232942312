import { ERROR_CATALOGUE, FIELD_MESSAGES, type ErrorEnvelope, type Language } from '@prsp/contracts';
import type { AppError } from './app-error';

/**
 * The envelope of an error in the caller's language: the one place where codes and field keys become texts.
 * The HTTP error handler and the socket layer both answer with it.
 */
export function toErrorEnvelope(err: Pick<AppError, 'code' | 'fields' | 'retryAt' | 'openTimes'>, lang: Language): ErrorEnvelope {
  const entry = ERROR_CATALOGUE[err.code];
  return {
    status: 'error',
    statusCode: err.code,
    errorKey: entry.key,
    message: entry.messages[lang],
    ...(err.fields
      ? { fields: err.fields.map(({ field, key }) => ({ field, messageKey: `fields.${key}`, message: FIELD_MESSAGES[key][lang] })) }
      : {}),
    ...(err.retryAt ? { retryAt: err.retryAt.toISOString() } : {}),
    ...(err.openTimes ? { openTimes: err.openTimes } : {}),
  };
}
