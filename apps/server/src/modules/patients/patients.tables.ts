import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from '../organisations/organisations.tables';

/** A person who signed in with strong identification. The identity code is kept encrypted, found by its keyed hash. */
export const patients = pgTable('patients', {
  id: uuid('id').primaryKey().defaultRandom(),
  ssnHash: text('ssn_hash').notNull().unique(),
  ssnEncrypted: text('ssn_encrypted').notNull(),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  selectedOrganisationId: uuid('selected_organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
  lang: text('lang'),
  timezone: text('timezone'),
  /** The municipality (Statistics Finland code) the patient last chose under 'change location'. */
  locationCode: text('location_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  /** Whether the patient wants appointment reminders by e-mail and by SMS (both on until they turn one off). */
  remindersByEmail: boolean('reminders_by_email').notNull().default(true),
  remindersBySms: boolean('reminders_by_sms').notNull().default(true),
  /**
   * When the row last changed and how often (FHIR `meta.lastUpdated` and `meta.versionId`): kept by the trigger
   * `fhir_touch_version` (migration 0025), once per transaction, so no code path can forget them.
   */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/** Contact details the patient gives (names come from the identity, not from here). */
export const patientContacts = pgTable('patient_contacts', {
  patientId: uuid('patient_id')
    .primaryKey()
    .references(() => patients.id, { onDelete: 'cascade' }),
  street: text('street').notNull(),
  code: text('code').notNull(),
  city: text('city').notNull(),
  mobile: text('mobile').notNull(),
  email: text('email').notNull(),
  country: text('country').notNull(),
  nationality: text('nationality').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Terms are the organisation's own: accepted per organisation. */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.organisationId] })],
);

/** The welcome page's 'don't show again', per user e-mail (spec §2), stored as a keyed hash of the address. */
export const welcomeOptOuts = pgTable('welcome_opt_outs', {
  emailHash: text('email_hash').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
