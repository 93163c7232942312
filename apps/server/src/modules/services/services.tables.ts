import type { Localized } from '@prsp/contracts';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from '../organisations/organisations.tables';

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
    /** Municipality codes or postal codes this service is limited to; empty = the organisation's whole area. */
    areas: jsonb('areas').$type<string[]>().notNull().default([]),
    /** The kind of open times generated for this service unless the admin picks another: a chat or a video visit. */
    openTimeKind: text('open_time_kind', { enum: ['chat', 'video'] })
      .notNull()
      .default('chat'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('services_org_slug_idx').on(t.organisationId, t.slug)],
);
