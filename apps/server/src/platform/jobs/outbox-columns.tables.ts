import { sql } from 'drizzle-orm';
import { index, text, timestamp, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { jobs } from './jobs.tables';

/**
 * The delivery columns every outbox (e-mail, SMS) shares: its outcome, the job that delivers it, and when. Attempts
 * and the next try are the job's; the row keeps only what an operator reads afterwards.
 */
export function outboxDeliveryColumns() {
  return {
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    /** The error of the latest failed attempt, any address in it removed. */
    lastError: text('last_error'),
    /** The delivering job; null once the job cleanup has removed it. */
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  };
}

/**
 * The backlog the metrics read at every scrape (docs/operations.md): sent rows stay, so the count must not scan them.
 */
export function outboxPendingIndex(table: string, t: { createdAt: PgColumn; status: PgColumn }) {
  return index(`${table}_pending_idx`)
    .on(t.createdAt)
    .where(sql`${t.status} = 'pending'`);
}
