import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Localized } from '@prsp/contracts';
import { organisations } from '../organisations/organisations.tables';
import { patients } from '../patients/patients.tables';
import { experts } from '../staff/staff.tables';
import { files } from '../../platform/files/files.tables';

/**
 * Secure asynchronous messaging (spec §3 'Async messaging'; the two kinds of conversation are described in
 * packages/contracts/src/messaging.ts). Categories and subcategories are the organisation's; a subcategory's
 * assigned experts answer the requests written to it.
 */
export const messageCategories = pgTable(
  'message_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<Localized>().notNull(),
    /** Open: any patient may write; restricted: only with a message code of one of its subcategories. */
    openAccess: boolean('open_access').notNull(),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /** When the patient can expect an answer, in the admin's words per language ("we answer within 3 working days"). */
    answerPromise: jsonb('answer_promise').$type<Localized>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_categories_org_idx').on(t.organisationId)],
);

export const messageSubcategories = pgTable(
  'message_subcategories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => messageCategories.id, { onDelete: 'cascade' }),
    /** The category's, kept here so every access check scopes by organisation in one read. */
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<Localized>().notNull(),
    openAccess: boolean('open_access').notNull(),
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_subcategories_category_idx').on(t.categoryId)],
);

/** The experts who answer a subcategory's requests (spec: subcategory `addedExperts`). */
export const messageSubcategoryExperts = pgTable(
  'message_subcategory_experts',
  {
    subcategoryId: uuid('subcategory_id')
      .notNull()
      .references(() => messageSubcategories.id, { onDelete: 'cascade' }),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.subcategoryId, t.expertId] }), index('message_subcategory_experts_expert_idx').on(t.expertId)],
);

/** The experts who handle messages in their organisation (admin `/admin/messages/experts`). */
export const messagingExperts = pgTable('messaging_experts', {
  expertId: uuid('expert_id')
    .primaryKey()
    .references(() => experts.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A conversation between a patient and the organisation's experts: a `request` to a subcategory, or a `direct` one
 * an expert started. `patient_id` is whose conversation it is (the person acted for, when a patient acts on behalf
 * of another); `created_by_patient_id` who wrote the request.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    createdByPatientId: uuid('created_by_patient_id').references(() => patients.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['request', 'direct'] }).notNull(),
    categoryId: uuid('category_id').references(() => messageCategories.id, { onDelete: 'set null' }),
    subcategoryId: uuid('subcategory_id').references(() => messageSubcategories.id, { onDelete: 'set null' }),
    subject: text('subject'),
    /** Who started a direct conversation, or first answered a request. */
    expertId: uuid('expert_id').references(() => experts.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    /** Where notices of new messages go (from the expert's form, or the patient's own contact details). */
    notifyEmail: text('notify_email'),
    notifyMobile: text('notify_mobile'),
    smsNotification: boolean('sms_notification').notNull().default(false),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_patient_idx').on(t.patientId, t.lastMessageAt),
    index('conversations_org_idx').on(t.organisationId, t.status, t.lastMessageAt),
    index('conversations_subcategory_idx').on(t.subcategoryId),
  ],
);

/**
 * One item of a thread: a text, or one attached file (spec: type text or file). A send with text and two files
 * stores three rows in one transaction. The author is the patient or an expert.
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorPatientId: uuid('author_patient_id').references(() => patients.id, { onDelete: 'set null' }),
    authorExpertId: uuid('author_expert_id').references(() => experts.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['text', 'file'] }).notNull(),
    /** The text (HTML tags removed); for a file, null. */
    body: text('body'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Orders a send's rows (text first, files in the order sent) when they share a timestamp. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt, t.position),
    // The lists' 'has attachments' mark: without it, that test reads every message of the organisation.
    index('conversation_messages_files_idx')
      .on(t.conversationId)
      .where(sql`${t.type} = 'file'`),
  ],
);

/**
 * How far a reader has read a conversation: the patient (`patient:<id>`) or each expert (`expert:<id>`), since a
 * request is read by every expert of its subcategory. Unread = others' messages after `read_at`.
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reader: text('reader').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.reader] }),
    uniqueIndex('conversation_reads_reader_idx').on(t.reader, t.conversationId),
  ],
);
