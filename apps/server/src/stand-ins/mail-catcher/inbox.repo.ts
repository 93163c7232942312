import { arrayContains, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { caughtEmails } from './mail-catcher.tables';

export type CaughtEmailRow = typeof caughtEmails.$inferSelect;
export type NewCaughtEmail = typeof caughtEmails.$inferInsert;

/** The inbox is for looking at the latest mail, not an archive. */
const INBOX_LIMIT = 200;

export async function insertCaughtEmail(tx: Tx, email: NewCaughtEmail): Promise<string> {
  const [row] = await tx.insert(caughtEmails).values(email).returning({ id: caughtEmails.id });
  return row!.id;
}

/** Newest first; `to` narrows to one recipient. */
export function listCaughtEmails(tx: Tx, to?: string) {
  return tx
    .select({
      id: caughtEmails.id,
      toAddresses: caughtEmails.toAddresses,
      subject: caughtEmails.subject,
      receivedAt: caughtEmails.receivedAt,
    })
    .from(caughtEmails)
    .where(to ? arrayContains(caughtEmails.toAddresses, [to.trim().toLowerCase()]) : undefined)
    .orderBy(desc(caughtEmails.receivedAt), desc(caughtEmails.id))
    .limit(INBOX_LIMIT);
}

export async function findCaughtEmail(tx: Tx, id: string): Promise<CaughtEmailRow | undefined> {
  const [row] = await tx.select().from(caughtEmails).where(eq(caughtEmails.id, id)).limit(1);
  return row;
}
