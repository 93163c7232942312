import type { z } from 'zod/mini';
import { ApiError } from './api-client';
import type { FieldErrors } from './validation';

/**
 * Checks a value with the contract's schema, as the server will: each failing path gets the schema's
 * message key (`required`, `email`, `colour` …), so the form shows the text the server would answer with.
 */
export function schemaErrors(schema: z.ZodMiniType, value: unknown, prefix = ''): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    errors[path] ??= issue.message && /^[A-Za-z]+$/.test(issue.message) ? issue.message : 'invalid';
  }
  return errors;
}

/** Field errors of a refused save (statusCode 400 with `fields`): shown under their fields. */
export function serverFieldErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiError) || !err.fields) return {};
  return Object.fromEntries(err.fields.map((f) => [f.field, f.messageKey]));
}

/** The error text for a whole form: the catalogue's text for the code, or the generic saving error. */
export function errorKeyOf(err: unknown): string {
  if (err instanceof ApiError) return err.errorKey;
  return 'errors.processing';
}

/** The text key for a failed save: 'check fields' when fields were refused, the code's own text, else spec §8's saving error. */
export function saveFailureKey(err: unknown): string | undefined {
  if (!err) return undefined;
  if (err instanceof ApiError) {
    if (err.fields?.length) return 'staff.checkFields';
    // 500 and network failures; the catalogue's own codes (601 … 1100) keep their texts.
    if (err.errorKey === 'errors.processing') return 'staff.saveError';
    return err.errorKey;
  }
  return 'staff.saveError';
}
