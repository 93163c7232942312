import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { JobInSameStatement } from '../jobs/jobs.repo';
import { outboxSms } from './sms.tables';

export type OutboxSmsRow = typeof outboxSms.$inferSelect;

/** Writes the SMS's outbox row, beside the job that delivers it (sms-outbox.ts), or with it when `job` is given. */
export async function insertOutboxSms(tx: Tx, values: typeof outboxSms.$inferInsert, job?: JobInSameStatement): Promise<void> {
  if (job)
    await tx
      .with(job.cte)
      .insert(outboxSms)
      .values({ ...values, jobId: job.id });
  else await tx.insert(outboxSms).values(values);
}

export async function findOutboxSms(tx: Tx, id: string): Promise<OutboxSmsRow | undefined> {
  const [row] = await tx.select().from(outboxSms).where(eq(outboxSms.id, id));
  return row;
}

/** Marks the SMS sent; one already sent stays as it was (a job run twice does not move its time). */
export async function markSmsSent(tx: Tx, id: string, at: Date): Promise<void> {
  await tx
    .update(outboxSms)
    .set({ status: 'sent', sentAt: at, lastError: null })
    .where(and(eq(outboxSms.id, id), ne(outboxSms.status, 'sent')));
}

/** Records a failed attempt; after the last one the SMS is `failed` and kept, with its error, for an operator. */
export async function recordSmsFailure(tx: Tx, id: string, lastError: string, final: boolean): Promise<void> {
  await tx
    .update(outboxSms)
    .set({ lastError, status: final ? 'failed' : 'pending' })
    .where(and(eq(outboxSms.id, id), ne(outboxSms.status, 'sent')));
}
