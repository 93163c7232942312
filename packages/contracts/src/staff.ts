import { z } from 'zod/mini';
import { zText } from './text';
import { ZAdminRights } from './admin-rights';
import { ZLanguage } from './languages';

/** The two apps a member of staff signs in to (spec §6). */
export const APP_ROLES = ['admin', 'expert'] as const;
export const ZAppRole = z.enum(APP_ROLES);
export type AppRole = z.infer<typeof ZAppRole>;

/** Spec §9: password minimum length, reset link 30 minutes, new-user link 24 hours. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_RESET_LINK_MINUTES = 30;
export const REGISTRATION_LINK_HOURS = 24;
/** Longer input is refused before hashing: nobody types more, and hashing megabytes costs the server. */
export const PASSWORD_MAX_LENGTH = 1024;

/** Sign-in lockout: this many wrong passwords in a row lock the account for LOGIN_LOCKOUT_MINUTES. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCKOUT_MINUTES = 15;

/** Spec §5 'Password': at least 12 characters with digits, lower and upper case letters (Unicode letters count). */
export function isStrongPassword(password: string): boolean {
  return [...password].length >= PASSWORD_MIN_LENGTH && /\p{Nd}/u.test(password) && /\p{Ll}/u.test(password) && /\p{Lu}/u.test(password);
}

/** A member of staff's e-mail address: trimmed and lower-cased, as it is stored (unique across staff). */
export const ZStaffEmail = zText().check(z.trim(), z.toLowerCase(), z.maxLength(254, 'tooLong'), z.email('email'));
const passwordInput = () => zText().check(z.minLength(1, 'required'), z.maxLength(PASSWORD_MAX_LENGTH, 'tooLong'));

/**
 * The two entries of a new password, as the registration and change-password forms check them (spec §5).
 * The server checks the same rule with `isStrongPassword` and answers a weak password with statusCode 802.
 */
export const ZNewPassword = z.object({ password: passwordInput(), passwordAgain: zText() }).check(
  z.refine((v) => isStrongPassword(v.password), { message: 'passwordWeak', path: ['password'] }),
  z.refine((v) => v.password === v.passwordAgain, { message: 'passwordMismatch', path: ['passwordAgain'] }),
);
export type NewPassword = z.infer<typeof ZNewPassword>;

/** The entries must match; strength is the server's 802, not a field error (spec §8). */
const matching = z.refine<{ password: string; passwordAgain: string }>((v) => v.password === v.passwordAgain, {
  message: 'passwordMismatch',
  path: ['passwordAgain'],
});

/** `POST /api/sso/login` (spec §7). `username` is the e-mail address. */
export const ZStaffLoginRequest = z.object({
  username: zText().check(z.trim(), z.toLowerCase(), z.minLength(1, 'required'), z.maxLength(254, 'tooLong')),
  password: passwordInput(),
  app_role: ZAppRole,
});
export type StaffLoginRequest = z.infer<typeof ZStaffLoginRequest>;

export const ZOrganisationRef = z.object({ id: z.string(), name: z.string() });
export type OrganisationRef = z.infer<typeof ZOrganisationRef>;

/**
 * `GET /api/sso/user_data`. The apps count as signed in only when `role` equals their own app role (spec §4).
 * `organisations` are those the user may work in (all of them for a global admin); `rights` are the admin rights
 * in the chosen `organisation` (none for an expert, or before an organisation is chosen).
 */
export const ZStaffUserData = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: ZAppRole,
  isGlobalAdmin: z.boolean(),
  /** The interface language the user last chose in a staff app (`client_params`); fi until they choose. */
  language: ZLanguage,
  organisation: z.nullable(ZOrganisationRef),
  organisations: z.array(ZOrganisationRef),
  rights: ZAdminRights,
});
export type StaffUserData = z.infer<typeof ZStaffUserData>;

/** Path of `POST /api/sso/set_role/{appRole};{organization}`: one segment, role and organisation id joined by ';'. */
export const ZSetRoleParams = z.object({
  roleAndOrg: zText().check(z.regex(/^(admin|expert);[0-9a-fA-F-]{36}$/, 'invalid')),
});

/** `POST /api/sso/client_params` (spec §7): the interface language; the time zone is kept for the session. */
export const ZStaffClientParams = z.object({
  lang: zText().check(z.regex(/^(fi|se|sv|en)$/i, 'invalid')),
  timezone: z.optional(zText().check(z.maxLength(64, 'tooLong'))),
});
export type StaffClientParams = z.infer<typeof ZStaffClientParams>;

/** `POST /api/sso/password/forgot`: always answered the same way (see docs/admin-rights.md). */
export const ZForgotPasswordRequest = z.object({ email: ZStaffEmail, app_role: ZAppRole });
export type ForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** `POST /api/sso/password/set`: registration or reset, with the token from the e-mailed link. */
export const ZSetPasswordRequest = z
  .object({
    token: zText().check(z.minLength(1, 'required'), z.maxLength(200, 'tooLong')),
    password: passwordInput(),
    passwordAgain: zText(),
  })
  .check(matching);
export type SetPasswordRequest = z.infer<typeof ZSetPasswordRequest>;

/**
 * `GET /api/sso/password-token/:token`: whether an e-mailed password link can still be used, checked when its
 * page opens (the link is not used up). An unknown, used or expired link answers 801.
 */
export const ZPasswordTokenParams = z.object({ token: zText().check(z.minLength(1, 'required'), z.maxLength(200, 'tooLong')) });
export const ZPasswordTokenStatus = z.object({ purpose: z.enum(['register', 'reset']), expiresAt: z.string() });
export type PasswordTokenStatus = z.infer<typeof ZPasswordTokenStatus>;

/** `POST /api/sso/password/change` for a signed-in member of staff. */
export const ZChangePasswordRequest = z
  .object({ currentPassword: passwordInput(), password: passwordInput(), passwordAgain: zText() })
  .check(matching);
export type ChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
