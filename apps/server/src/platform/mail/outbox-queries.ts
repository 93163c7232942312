import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { outboxEmails } from './mail.tables';

export type OutboxRow = typeof outboxEmails.$inferSelect;

/**
 * Claims up to `limit` due e-mails for one worker. `FOR UPDATE SKIP LOCKED` lets workers in several
 * instances claim at once without waiting for or taking each other's rows; pushing `next_attempt_at`
 * to `leaseUntil` in the same transaction keeps the rows away from other workers while this one sends
 * outside any transaction, and hands them back if this worker dies. The attempt is counted here.
 */
export async function claimDueEmails(db: Db, opts: { now: Date; leaseUntil: Date; limit: number }): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.status, 'pending'), lte(outboxEmails.nextAttemptAt, opts.now)))
      .orderBy(asc(outboxEmails.nextAttemptAt))
      .limit(opts.limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    await tx
      .update(outboxEmails)
      .set({ attempts: sql`${outboxEmails.attempts} + 1`, nextAttemptAt: opts.leaseUntil })
      .where(
        inArray(
          outboxEmails.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((r) => ({ ...r, attempts: r.attempts + 1, nextAttemptAt: opts.leaseUntil }));
  });
}

export async function markEmailSent(tx: Tx, id: string, at: Date): Promise<void> {
  await tx
    .update(outboxEmails)
    .set({ status: 'sent', sentAt: at, lastError: null })
    .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, 'pending')));
}

export async function scheduleEmailRetry(tx: Tx, id: string, nextAttemptAt: Date, lastError: string): Promise<void> {
  await tx
    .update(outboxEmails)
    .set({ nextAttemptAt, lastError })
    .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, 'pending')));
}

/** Gives up on an e-mail: the row stays, with its last error, for an operator to look at. */
export async function markEmailFailed(tx: Tx, id: string, lastError: string): Promise<void> {
  await tx
    .update(outboxEmails)
    .set({ status: 'failed', lastError })
    .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, 'pending')));
}
