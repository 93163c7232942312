import { FIELD_MESSAGES, type FieldError, type FieldMessageKey, type Language } from '@prsp/contracts';
import { AppError } from './app-error';

/** A field that failed a rule the request schema cannot express (it needs the database or several fields). */
export type FieldIssue = { field: string; key: FieldMessageKey };

function isFieldMessageKey(key: string): key is FieldMessageKey {
  return Object.hasOwn(FIELD_MESSAGES, key);
}

/** Zod issues of a value that sits under `prefix` (e.g. a JSON-string form field), as field issues. */
export function zodIssuesToFieldIssues(
  prefix: string,
  issues: readonly { code: string; path: readonly PropertyKey[]; message: string }[],
): FieldIssue[] {
  return issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter((p) => p !== '').join('.'),
    key: isFieldMessageKey(issue.message) ? issue.message : issue.code === 'invalid_type' ? 'required' : 'invalid',
  }));
}

export function toFieldErrors(issues: readonly FieldIssue[], lang: Language): FieldError[] {
  return issues.map(({ field, key }) => ({ field, messageKey: `fields.${key}`, message: FIELD_MESSAGES[key][lang] }));
}

/** Throws the same 400 answer as schema validation does, when there is anything to report. */
export function throwIfFieldIssues(issues: readonly FieldIssue[], lang: Language): void {
  if (issues.length > 0) throw new AppError(400, { fields: toFieldErrors(issues, lang), detail: 'field validation failed' });
}
