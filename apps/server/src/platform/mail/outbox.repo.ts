import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { JobInSameStatement } from '../jobs/jobs.repo';
import { outboxEmails } from './mail.tables';

export type OutboxRow = typeof outboxEmails.$inferSelect;

/** Writes the e-mail's outbox row, beside the job that delivers it (outbox.ts), or with it when `job` is given. */
export async function insertOutboxEmail(tx: Tx, values: typeof outboxEmails.$inferInsert, job?: JobInSameStatement): Promise<void> {
  if (job)
    await tx
      .with(job.cte)
      .insert(outboxEmails)
      .values({ ...values, jobId: job.id });
  else await tx.insert(outboxEmails).values(values);
}

export async function findOutboxEmail(tx: Tx, id: string): Promise<OutboxRow | undefined> {
  const [row] = await tx.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  return row;
}

export async function markEmailSent(tx: Tx, id: string, at: Date): Promise<void> {
  await tx
    .update(outboxEmails)
    .set({ status: 'sent', sentAt: at, lastError: null })
    .where(and(eq(outboxEmails.id, id), ne(outboxEmails.status, 'sent')));
}

/** Records a failed attempt; after the last one the e-mail is `failed` and kept, with its error, for an operator. */
export async function recordEmailFailure(tx: Tx, id: string, lastError: string, final: boolean): Promise<void> {
  await tx
    .update(outboxEmails)
    .set({ lastError, status: final ? 'failed' : 'pending' })
    .where(and(eq(outboxEmails.id, id), ne(outboxEmails.status, 'sent')));
}
