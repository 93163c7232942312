import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { caughtSms } from './sms-sink.tables';

export type CaughtSmsRow = typeof caughtSms.$inferSelect;

/** The sink's list is for looking at the latest messages, not an archive. */
const SMS_LIST_LIMIT = 200;

export async function insertCaughtSms(tx: Tx, sms: typeof caughtSms.$inferInsert): Promise<string> {
  const [row] = await tx.insert(caughtSms).values(sms).returning({ id: caughtSms.id });
  return row!.id;
}

/** Newest first; `to` narrows to one number (as sent, international form). */
export function listCaughtSms(tx: Tx, to?: string): Promise<CaughtSmsRow[]> {
  return tx
    .select()
    .from(caughtSms)
    .where(to ? eq(caughtSms.toNumber, to.replace(/\s/g, '')) : undefined)
    .orderBy(desc(caughtSms.receivedAt), desc(caughtSms.id))
    .limit(SMS_LIST_LIMIT);
}
