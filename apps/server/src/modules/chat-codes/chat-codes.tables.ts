import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations, services } from '../organisations/organisations.tables';

/** A batch of chat codes for one service (spec §3 'Chat code group'). */
export const chatCodeGroups = pgTable('chat_code_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  serviceId: uuid('service_id')
    .notNull()
    .references(() => services.id, { onDelete: 'cascade' }),
  totalCodes: integer('total_codes').notNull(),
  usesPerCode: integer('uses_per_code').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  /** Null: no expiry date. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  subcategoryId: text('subcategory_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const chatCodes = pgTable(
  'chat_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => chatCodeGroups.id, { onDelete: 'cascade' }),
    /** Upper-case, unique across the service so a patient's typed code finds one group. */
    code: text('code').notNull().unique(),
    useCount: integer('use_count').notNull().default(0),
  },
  (t) => [index('chat_codes_group_idx').on(t.groupId)],
);
