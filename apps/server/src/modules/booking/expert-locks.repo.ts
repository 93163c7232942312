import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * Serialises changes to one expert's calendar that two tables take part in (a break and the appointments under
 * it): the exclusion constraints keep appointments apart and breaks apart, this keeps the two apart. Locks are
 * taken in a fixed order, so two transactions over several experts never wait for each other in a circle.
 */
export async function lockExpertCalendars(tx: Tx, expertIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(expertIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'expert-calendar:' + id}))`);
  }
}
