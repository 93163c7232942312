import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FeatureFlags, Localized } from '@prsp/contracts';

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stable key used by the seed and in URLs (`/api/config/{companyId}`). */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  primaryColor: text('primary_color').notNull(),
  backgroundColor: text('background_color').notNull(),
  flags: jsonb('flags').$type<FeatureFlags>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Stable key used by the seed, unique within the organisation. */
    slug: text('slug').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    icon: text('icon', { enum: ['doctor', 'nurse', 'therapist', 'childDoctor', 'physiotherapist'] }).notNull(),
    chatQueueId: text('chat_queue_id').notNull(),
    requiresCode: boolean('requires_code').notNull().default(false),
    selfAssessment: text('self_assessment', { enum: ['none', 'optional', 'mandatory'] })
      .notNull()
      .default('none'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('services_org_slug_idx').on(t.organisationId, t.slug)],
);
