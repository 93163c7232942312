import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { outboxDeliveryColumns, outboxPendingIndex } from '../jobs/outbox-columns.tables';

/** The SMS outbox: written in the transaction of the change that causes the message, sent by its `sms.send` job. */
export const outboxSms = pgTable(
  'outbox_sms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toNumber: text('to_number').notNull(),
    text: text('text').notNull(),
    ...outboxDeliveryColumns(),
  },
  (t) => [outboxPendingIndex('outbox_sms', t)],
);
