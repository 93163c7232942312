import { isStrongPassword, ZStaffEmail } from '@prsp/contracts';

/**
 * Client-side checks of spec §5. Each rule answers a message key (or undefined when the value passes);
 * the same keys come back from the server in `fields[].messageKey`, so the user reads one text either way.
 */
export type FieldErrors = Record<string, string | undefined>;

export function required(value: string | null | undefined): string | undefined {
  return value?.trim() ? undefined : 'required';
}

/** A staff e-mail address by the contract's own rule (the server checks the same). */
export function email(value: string): string | undefined {
  if (!value.trim()) return 'required';
  return ZStaffEmail.safeParse(value).success ? undefined : 'email';
}

/** Spec §5 'Password': at least 12 characters with digits, lower and upper case letters (802 on the server). */
export function passwordStrength(value: string): string | undefined {
  if (!value) return 'required';
  return isStrongPassword(value) ? undefined : 'passwordWeak';
}

/** Spec §5 'Password': the two entries match. */
export function passwordsMatch(password: string, again: string): string | undefined {
  if (!again) return 'required';
  return password === again ? undefined : 'passwordMismatch';
}

/** Spec §5 'Password': both rules of a new password, keyed by the request's field names. */
export function newPasswordErrors(password: string, passwordAgain: string): FieldErrors {
  return compact({ password: passwordStrength(password), passwordAgain: passwordsMatch(password, passwordAgain) });
}

/** Drops the passing entries, so a form can keep only what to show. */
export function compact(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, e]) => e !== undefined));
}
