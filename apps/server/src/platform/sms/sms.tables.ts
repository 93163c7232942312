import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobs } from '../jobs/jobs.tables';

/** The SMS outbox: written in the transaction of the change that causes the message, sent by its `sms.send` job. */
export const outboxSms = pgTable(
  'outbox_sms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toNumber: text('to_number').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    lastError: text('last_error'),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  // The backlog the metrics read at every scrape (docs/operations.md): sent messages stay, so the count must not scan them.
  (t) => [
    index('outbox_sms_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
