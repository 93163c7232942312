import { sql } from 'drizzle-orm';
import { boolean, check, customType, date, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FeatureFlags, OrganisationContent } from '@prsp/contracts';
import { files } from '../../platform/files/files.tables';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Days to keep data of each kind; null keeps it (spec §3 'Data retention'). */
export type RetentionDays = { patientDays: number | null; adminDays: number | null; expertDays: number | null };

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stable key used by the seed and in URLs (`/api/config/{companyId}` accepts id or slug). */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** The name in Swedish and English; null: the Finnish `name` is used in that language too. */
  nameSe: text('name_se'),
  nameEn: text('name_en'),
  /** Whom the organisation's e-mail comes from unless a template says otherwise; null: the configured sender. */
  senderName: text('sender_name'),
  senderAddress: text('sender_address'),
  paymentNumber: text('payment_number').notNull().default(''),
  contactPerson: text('contact_person').notNull().default(''),
  contactPersonEmail: text('contact_person_email').notNull().default(''),
  country: text('country').notNull().default('fi'),
  organizationInfo: text('organization_info').notNull().default(''),
  primaryColor: text('primary_color').notNull(),
  /** The admin form's secondaryColor; the patient theme's background colour. */
  backgroundColor: text('background_color').notNull(),
  endOfService: date('end_of_service'),
  organisationType: text('organisation_type', { enum: ['internal', 'external'] })
    .notNull()
    .default('internal'),
  clientId: text('client_id').notNull().unique(),
  serviceUrl: text('service_url').notNull().default(''),
  dontShowOnListingEnabled: boolean('dont_show_on_listing').notNull().default(false),
  flags: jsonb('flags').$type<FeatureFlags>().notNull(),
  content: jsonb('content').$type<OrganisationContent>().notNull(),
  additionalServicesInformation: text('additional_services_information').notNull().default(''),
  surveys: jsonb('surveys').$type<string[]>().notNull().default([]),
  /** Minutes without use after which an expert counts as away (issue 32); set by an admin. */
  presenceIdleMinutes: integer('presence_idle_minutes').notNull().default(15),
  retention: jsonb('retention').$type<RetentionDays>().notNull().default({ patientDays: null, adminDays: null, expertDays: null }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Theme images: logo per language and background, checked on upload, their bytes in the file store.
 * Rows from before the file store keep their bytes in `data` (with `content_type`) and are served from
 * there until the image is uploaded again: SQL cannot write to the store, so the migration leaves them.
 */
export const organisationFiles = pgTable(
  'organisation_files',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['logo', 'logoEn', 'logoSe', 'background'] }).notNull(),
    fileId: uuid('file_id').references(() => files.id),
    legacyContentType: text('content_type'),
    legacyData: bytea('data'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.kind] }),
    check('organisation_files_has_image', sql`${t.fileId} is not null or ${t.legacyData} is not null`),
  ],
);

/** Where an organisation serves: municipalities (by Statistics Finland code) or postal codes. */
export const organisationAreas = pgTable(
  'organisation_areas',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['municipality', 'postalCode'] }).notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.kind, t.value] })],
);
