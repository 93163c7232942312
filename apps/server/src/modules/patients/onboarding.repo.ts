import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { termsAcceptances, welcomeOptOuts } from '../../db/schema';

/** Records that a patient accepted an organisation's terms; accepting again keeps the first date. */
export async function insertTermsAcceptance(tx: Tx, patientId: string, organisationId: string): Promise<void> {
  await tx.insert(termsAcceptances).values({ patientId, organisationId }).onConflictDoNothing();
}

export async function hasWelcomeOptOut(tx: Tx, emailHash: string): Promise<boolean> {
  const [row] = await tx
    .select({ h: welcomeOptOuts.emailHash })
    .from(welcomeOptOuts)
    .where(eq(welcomeOptOuts.emailHash, emailHash))
    .limit(1);
  return row !== undefined;
}

export async function insertWelcomeOptOut(tx: Tx, emailHash: string): Promise<void> {
  await tx.insert(welcomeOptOuts).values({ emailHash }).onConflictDoNothing();
}

export async function deleteWelcomeOptOut(tx: Tx, emailHash: string): Promise<void> {
  await tx.delete(welcomeOptOuts).where(eq(welcomeOptOuts.emailHash, emailHash));
}
