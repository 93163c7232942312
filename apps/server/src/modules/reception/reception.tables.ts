import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from '../organisations/organisations.tables';
import { experts } from '../staff/staff.tables';

/**
 * Queues of the product's own chat. A service's `chat_queue_id` and an expert's name one of these;
 * an expert's personal queue carries `expert_id` and goes with the expert.
 */
export const chatQueues = pgTable(
  'chat_queues',
  {
    /** Readable and stable, e.g. `espoo-nurse`; unique across organisations. */
    id: text('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    expertId: uuid('expert_id').references(() => experts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_queues_org_idx').on(t.organisationId)],
);
