import { check, index, integer, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { messageSubcategories } from '../messaging/messaging.tables';
import { organisations } from '../organisations/organisations.tables';
import { services } from '../services/services.tables';

/**
 * A batch of codes (spec §3 'Chat code group'): chat codes for one service, or message codes for one subcategory
 * of async messaging (exactly one of the two is set).
 */
export const chatCodeGroups = pgTable(
  'chat_code_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'cascade' }),
    totalCodes: integer('total_codes').notNull(),
    usesPerCode: integer('uses_per_code').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Null: no expiry date. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    subcategoryId: uuid('subcategory_id').references((): AnyPgColumn => messageSubcategories.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('chat_code_groups_target_ck', sql`(${t.serviceId} is null) <> (${t.subcategoryId} is null)`)],
);

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
