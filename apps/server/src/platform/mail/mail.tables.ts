import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from '../../modules/organisations/organisations.tables';
import { outboxDeliveryColumns, outboxPendingIndex } from '../jobs/outbox-columns.tables';

/** A file sent with an e-mail: small, generated content (an iCalendar invitation), kept base64-encoded. */
export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

/**
 * The outbox: each e-mail, written in the same transaction as the change that causes it, with the `mail.send` job
 * that delivers it (platform/mail/outbox-delivery.ts). Attempts and the next try are the job's; the e-mail keeps
 * its outcome.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    fromName: text('from_name').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Files sent with the e-mail (a calendar invitation), content base64-encoded. */
    attachments: jsonb('attachments').$type<EmailAttachment[]>(),
    ...outboxDeliveryColumns(),
  },
  (t) => [outboxPendingIndex('outbox_emails', t)],
);

/** An organisation's own version of a template; without a row the built-in default applies. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    language: text('language', { enum: ['fi', 'se', 'en'] }).notNull(),
    /** Null: the organisation's sender (or the configured one) applies. */
    senderName: text('sender_name'),
    senderAddress: text('sender_address'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_templates_org_kind_lang_idx').on(t.organisationId, t.kind, t.language)],
);
