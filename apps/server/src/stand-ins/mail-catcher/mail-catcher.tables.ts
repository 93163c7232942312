import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Messages the built-in SMTP catcher received (demo and tests only). Kept in the database rather
 * than in memory so the inbox survives restarts and every instance of the server shows the same one.
 */
export const caughtEmails = pgTable(
  'caught_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Envelope recipients, lower-cased. */
    toAddresses: text('to_addresses').array().notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** The attachments' names, types and content (base64), as received. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; contentBase64: string }[]>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('caught_emails_received_idx').on(t.receivedAt)],
);
