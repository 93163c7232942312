import { FIELD_MESSAGES, ZContactUpdate, type ContactUpdate, type FieldError } from '@prsp/contracts';

export type ContactField = keyof ContactUpdate;
/** Field name to the i18n key of its message (`fields.required`, `fields.postalCode`, …). */
export type ContactErrors = Partial<Record<ContactField, string>>;

const toKey = (message: string) => `fields.${Object.hasOwn(FIELD_MESSAGES, message) ? message : 'invalid'}`;

/**
 * Spec §5 'Contact form' checked in the browser with the same schema the server uses. While acting on behalf
 * the mobile number and e-mail are the delegate's own and not edited here, so they are not checked.
 */
export function validateContact(values: ContactUpdate, opts: { acting: boolean }): ContactErrors {
  const result = ZContactUpdate.safeParse(values);
  if (result.success) return {};
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    if (opts.acting && (field === 'mobile' || field === 'email')) continue;
    if (errors[field]) continue;
    // An empty select says 'required' rather than 'invalid value'.
    errors[field] = values[field]?.trim() === '' ? 'fields.required' : toKey(issue.message);
  }
  return errors;
}

/** The server's field errors (400 with `fields[]`) in the same shape; a field the form does not show goes to `other`. */
export function serverContactErrors(fields: FieldError[] | undefined): { errors: ContactErrors; other: string[] } {
  const errors: ContactErrors = {};
  const other: string[] = [];
  for (const f of fields ?? []) {
    if (Object.hasOwn(ZContactUpdate.shape, f.field)) errors[f.field as ContactField] ??= f.messageKey;
    else other.push(f.messageKey);
  }
  return { errors, other };
}
