import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { organisations } from '../../db/schema';

export async function organisationsWithRetention(tx: Tx) {
  return tx.select({ id: organisations.id, retention: organisations.retention }).from(organisations);
}

/** Only one instance may run the job at a time; released when the transaction ends. */
export async function tryJobLock(tx: Tx, key: number): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`);
  const rows = rowsOf<{ locked: boolean }>(result);
  return rows[0]?.locked === true;
}
