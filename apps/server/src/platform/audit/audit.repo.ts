import type { Tx } from '../../db/client';
import { auditLog } from './audit.tables';

/** Appends one row to the audit log (audit.ts says what a row holds and when one is written). */
export async function insertAuditEntry(tx: Tx, entry: typeof auditLog.$inferInsert): Promise<void> {
  await tx.insert(auditLog).values(entry);
}

/** Appends several rows in one insert. */
export async function insertAuditEntries(tx: Tx, entries: (typeof auditLog.$inferInsert)[]): Promise<void> {
  await tx.insert(auditLog).values(entries);
}
