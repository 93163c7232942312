import { PASSWORD_RESET_LINK_MINUTES, REGISTRATION_LINK_HOURS, type AppRole, type Language } from '@prsp/contracts';
import type { Sender } from '../../platform/mail/sender';
import type { Tx } from '../../db/client';
import { randomToken, sha256 } from '../../platform/crypto/tokens';
import { sendTemplatedEmail } from '../../platform/mail/templated-email';
import { AppError } from '../../platform/app-error';
import { insertPasswordToken, voidOpenPasswordTokens, type PasswordPurpose } from './password-tokens.repo';
import { findStaffById } from './staff.repo';

const VALID_FOR: Record<PasswordPurpose, Record<Language, string>> = {
  register: { fi: '24 tuntia', se: '24 timmar', en: '24 hours' },
  reset: { fi: '30 minuuttia', se: '30 minuter', en: '30 minutes' },
};

/** Spec §9: a new user's link lives 24 hours, a reset link 30 minutes. */
export function passwordLinkLifetimeMs(purpose: PasswordPurpose): number {
  return purpose === 'register' ? REGISTRATION_LINK_HOURS * 3_600_000 : PASSWORD_RESET_LINK_MINUTES * 60_000;
}

/** The page of the user's app that takes the token: registration or change-password (spec §2). */
export function passwordLinkUrl(publicUrl: string, appRole: AppRole, purpose: PasswordPurpose, token: string): string {
  const page = purpose === 'register' ? 'register' : 'changePassword';
  return `${publicUrl}/${appRole}/${page}?token=${encodeURIComponent(token)}`;
}

/** Staff store Swedish as `sv`; e-mail templates, like the rest of the spec, say `se`. */
export function templateLanguage(language: 'fi' | 'sv' | 'en' | Language): Language {
  return language === 'sv' ? 'se' : language;
}

export type PasswordLinkInput = {
  userId: string;
  /** Whose templates and name the e-mail uses; null for the product's defaults. */
  organisationId: string | null;
  appRole: AppRole;
  language: Language;
  /** The service's public address, the start of the link (config.publicUrl). */
  publicUrl: string;
  /** The built-in templates' sender (config.mail.sender). */
  sender: Sender;
};

/**
 * Issues a single-use password link and e-mails it, in the caller's transaction, so the link exists
 * exactly when the e-mail is queued. Older open links of the user stop working: only the newest counts.
 * Only the token's hash is stored.
 */
export async function sendPasswordLink(tx: Tx, input: PasswordLinkInput & { purpose: PasswordPurpose }, now = new Date()): Promise<void> {
  const user = await findStaffById(tx, input.userId);
  if (!user) throw new AppError(601);
  const token = randomToken();
  await voidOpenPasswordTokens(tx, user.id);
  await insertPasswordToken(tx, {
    tokenHash: sha256(token),
    userId: user.id,
    purpose: input.purpose,
    expiresAt: new Date(now.getTime() + passwordLinkLifetimeMs(input.purpose)),
    createdAt: now,
  });
  await sendTemplatedEmail(tx, {
    organisationId: input.organisationId,
    kind: input.purpose === 'register' ? 'registration' : 'passwordReset',
    language: input.language,
    sender: input.sender,
    to: user.email,
    tags: {
      firstName: user.firstName,
      lastName: user.lastName,
      link: passwordLinkUrl(input.publicUrl, input.appRole, input.purpose, token),
      validFor: VALID_FOR[input.purpose][input.language],
    },
  });
}

/**
 * Sends a new member of staff the registration e-mail with a 24-hour link to set a password.
 * Called when an admin is created here and when the experts admin creates an expert.
 */
export function inviteStaffUser(tx: Tx, input: PasswordLinkInput, now = new Date()): Promise<void> {
  return sendPasswordLink(tx, { ...input, purpose: 'register' }, now);
}
