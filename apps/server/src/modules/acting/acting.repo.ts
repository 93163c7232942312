import { and, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mandateFlows, organisations, patients, termsAcceptances } from '../../db/schema';

export type MandateFlowRow = typeof mandateFlows.$inferSelect;

export async function insertMandateFlow(tx: Tx, row: typeof mandateFlows.$inferInsert): Promise<void> {
  await tx.insert(mandateFlows).values(row);
}

/** Deletes and returns the flow: a state can be used once. */
export async function takeMandateFlow(tx: Tx, stateHash: string): Promise<MandateFlowRow | undefined> {
  const [row] = await tx.delete(mandateFlows).where(eq(mandateFlows.stateHash, stateHash)).returning();
  return row;
}

export async function deleteMandateFlowsBefore(tx: Tx, before: Date): Promise<void> {
  await tx.delete(mandateFlows).where(lt(mandateFlows.createdAt, before));
}

/** The signed-in patient's selected organisation's flags and whether they accepted its terms; undefined without one. */
export async function findDelegateOrganisation(
  tx: Tx,
  patientId: string,
): Promise<{ id: string; actingEnabled: boolean; termsEnabled: boolean; termsAccepted: boolean } | undefined> {
  const [row] = await tx
    .select({ id: organisations.id, flags: organisations.flags, acceptedAt: termsAcceptances.acceptedAt })
    .from(patients)
    .innerJoin(organisations, eq(organisations.id, patients.selectedOrganisationId))
    .leftJoin(termsAcceptances, and(eq(termsAcceptances.patientId, patients.id), eq(termsAcceptances.organisationId, organisations.id)))
    .where(eq(patients.id, patientId))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    actingEnabled: row.flags.actingEnabled === true,
    termsEnabled: row.flags.termsAndConditionsEnabled !== false,
    termsAccepted: row.acceptedAt !== null,
  };
}
