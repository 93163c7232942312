import { eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { loginFlows } from './identity.tables';

export async function insertLoginFlow(tx: Tx, row: typeof loginFlows.$inferInsert): Promise<void> {
  await tx.insert(loginFlows).values(row);
}

/** Deletes and returns the flow: a state can be used once. */
export async function takeLoginFlow(tx: Tx, stateHash: string) {
  const [row] = await tx.delete(loginFlows).where(eq(loginFlows.stateHash, stateHash)).returning();
  return row;
}

/** Deletes the flows started before `before`; returns how many. */
export async function deleteLoginFlowsBefore(tx: Tx, before: Date): Promise<number> {
  const rows = await tx.delete(loginFlows).where(lt(loginFlows.createdAt, before)).returning({ stateHash: loginFlows.stateHash });
  return rows.length;
}
