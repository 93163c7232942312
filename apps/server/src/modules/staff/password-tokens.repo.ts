import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { passwordTokens } from '../../db/schema';

export type PasswordPurpose = 'register' | 'reset';

export async function insertPasswordToken(
  tx: Tx,
  row: { tokenHash: string; userId: string; purpose: PasswordPurpose; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await tx.insert(passwordTokens).values(row);
}

/**
 * Marks a live token used and returns whose it was. One statement, so two requests with the same
 * link cannot both succeed: the second finds it used.
 */
export async function consumePasswordToken(
  tx: Tx,
  tokenHash: string,
  now: Date,
): Promise<{ userId: string; purpose: PasswordPurpose } | undefined> {
  const [row] = await tx
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
    .returning({ userId: passwordTokens.userId, purpose: passwordTokens.purpose });
  return row;
}

/** A token that can still be used (not used, not expired), without using it. */
export async function findLivePasswordToken(
  tx: Tx,
  tokenHash: string,
  now: Date,
): Promise<{ purpose: PasswordPurpose; expiresAt: Date } | undefined> {
  const [row] = await tx
    .select({ purpose: passwordTokens.purpose, expiresAt: passwordTokens.expiresAt })
    .from(passwordTokens)
    .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
    .limit(1);
  return row;
}

/** Voids every link of a user not yet used: a new link or a new password makes older links worthless. */
export async function voidOpenPasswordTokens(tx: Tx, userId: string): Promise<void> {
  await tx.delete(passwordTokens).where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}
