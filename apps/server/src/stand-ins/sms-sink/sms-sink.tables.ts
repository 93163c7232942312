import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages the built-in SMS sink received (demo and tests only), shown beside the mail inbox. */
export const caughtSms = pgTable(
  'caught_sms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toNumber: text('to_number').notNull(),
    sender: text('sender').notNull(),
    text: text('text').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('caught_sms_received_idx').on(t.receivedAt)],
);
