import { FIELD_MESSAGES, type FieldMessageKey } from '@prsp/contracts';
import { AppError, type FieldIssue } from './app-error';

export type { FieldIssue };

export function isFieldMessageKey(key: string): key is FieldMessageKey {
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

/** Throws the same 400 answer as schema validation does, when there is anything to report. */
export function throwIfFieldIssues(issues: readonly FieldIssue[]): void {
  if (issues.length > 0) throw new AppError(400, { fields: issues, detail: 'field validation failed' });
}
