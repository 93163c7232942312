import { isStrongPassword, type AppRole } from '@prsp/contracts';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { sha256 } from '../../platform/crypto/tokens';
import type { Session } from '../../platform/session/sessions.service';
import { isLockedOut, lockoutAfterFailure } from './login-rules';
import { hashSecret, verifyAgainstDummy, verifySecret } from '../../platform/crypto/secret-hash';
import { consumePasswordToken, findLivePasswordToken, voidOpenPasswordTokens } from './password-tokens.repo';
import { sessionUser, workplacesOf, type StaffDeps } from './staff-auth.service';
import { sendPasswordLink, templateLanguage } from './staff-invitations.service';
import * as repo from './staff.repo';
import { deleteStaffSessions } from '../../platform/session/sessions.service';

/**
 * `POST /api/sso/password/forgot`: e-mails a 30-minute reset link to an active, unlocked user of that app role.
 * The answer is the same whether or not such a user exists (no account enumeration; see docs/admin-rights.md).
 */
export async function forgotPassword(
  deps: StaffDeps,
  input: { email: string; appRole: AppRole; ip: string },
  now = new Date(),
): Promise<void> {
  const user = await repo.findStaffByEmail(deps.db, input.email);
  if (!user || !user.active || user.locked) return;
  const places = await workplacesOf(deps.db, user, input.appRole);
  if (!places) return;
  // The e-mail comes in the look of an organisation the user belongs to; a global admin without one gets the default.
  const organisationId = places.memberships[0]?.organisationId ?? (input.appRole === 'expert' ? places.organisations[0]!.id : null);
  await deps.db.transaction(async (tx) => {
    await sendPasswordLink(
      tx,
      {
        userId: user.id,
        organisationId,
        appRole: input.appRole,
        language: templateLanguage(user.language),
        publicUrl: deps.publicUrl,
        sender: deps.sender,
        purpose: 'reset',
      },
      now,
    );
    await recordAudit(tx, {
      actorType: 'system',
      action: 'staff.password.resetRequested',
      objectType: 'staffUser',
      objectId: user.id,
      ip: input.ip,
    });
  });
}

/**
 * `GET /api/sso/password-token/:token`: checks an e-mailed link when its page opens, without using it up, so a
 * used or expired link says so at once instead of after the whole form was filled in. 801 when it cannot be used.
 */
export async function checkPasswordToken(
  deps: StaffDeps,
  token: string,
  now = new Date(),
): Promise<{ purpose: 'register' | 'reset'; expiresAt: string }> {
  const live = await findLivePasswordToken(deps.db, sha256(token), now);
  if (!live) throw new AppError(801);
  return { purpose: live.purpose, expiresAt: live.expiresAt.toISOString() };
}

/**
 * `POST /api/sso/password/set`: registration or reset with the e-mailed token. A weak password is 802 and
 * leaves the link usable; an unknown, used or expired link is 801. Success stores the new hash, opens a
 * lockout, voids the user's other links and ends all their sessions (whoever held one must sign in again).
 */
export async function setPassword(
  deps: StaffDeps,
  input: { token: string; password: string; ip: string },
  now = new Date(),
): Promise<void> {
  if (!isStrongPassword(input.password)) throw new AppError(802);
  const passwordHash = await hashSecret(input.password);
  await deps.db.transaction(async (tx) => {
    const token = await consumePasswordToken(tx, sha256(input.token), now);
    if (!token) throw new AppError(801);
    await repo.setPasswordHash(tx, token.userId, passwordHash);
    await voidOpenPasswordTokens(tx, token.userId);
    await deleteStaffSessions(tx, token.userId);
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: token.userId,
      action: 'staff.password.set',
      objectType: 'staffUser',
      objectId: token.userId,
      ip: input.ip,
      details: { purpose: token.purpose },
    });
  });
}

/**
 * `POST /api/sso/password/change` for the signed-in user. The current password must be right (a field error
 * otherwise, counted towards the lockout like a wrong sign-in); other sessions of the user end.
 */
export async function changePassword(
  deps: StaffDeps,
  session: Session | null,
  input: { currentPassword: string; password: string; ip: string },
  now = new Date(),
): Promise<void> {
  const { user } = await sessionUser(deps.db, session);
  const lockedOut = isLockedOut(user.lockedUntil, now);
  const right =
    !lockedOut && user.passwordHash
      ? await verifySecret(user.passwordHash, input.currentPassword)
      : await verifyAgainstDummy(input.currentPassword);
  if (!right) {
    if (!lockedOut) {
      await deps.db.transaction(async (tx) => {
        const until = lockoutAfterFailure(await repo.countLoginFailure(tx, user.id), now);
        if (until) await repo.lockOutUntil(tx, user.id, until);
      });
    }
    throw new AppError(400, {
      detail: 'current password wrong',
      fields: [{ field: 'currentPassword', key: 'currentPasswordWrong' }],
    });
  }
  if (!isStrongPassword(input.password)) throw new AppError(802);
  const passwordHash = await hashSecret(input.password);
  await deps.db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, user.id, passwordHash);
    await voidOpenPasswordTokens(tx, user.id);
    await deleteStaffSessions(tx, user.id, session!.id);
    await recordAudit(tx, {
      actorType: 'staff',
      actorId: user.id,
      action: 'staff.password.changed',
      objectType: 'staffUser',
      objectId: user.id,
      ip: input.ip,
    });
  });
}
