import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Localized, SurveyAnswers, SurveyQuestion } from '@prsp/contracts';
import { organisations } from '../organisations/organisations.tables';
import { services } from '../services/services.tables';
import { patients } from '../patients/patients.tables';
import { experts, staffUsers } from '../staff/staff.tables';
import { appointments } from '../booking/booking.tables';

/**
 * Surveys (issue 12; spec §1, §3 'Survey answers', 'Pending survey'). A template belongs to an organisation, or,
 * with no organisation, is a global template a global admin made; a shared global template is offered to every
 * organisation. Every save of a template makes a new version; responses point at the version that was asked.
 */
export const surveyTemplates = pgTable(
  'survey_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null: a global template (a global admin's). */
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    /** A global template offered to every organisation (`templates-all`). */
    shared: boolean('shared').notNull().default(false),
    /** `survey`: sent to patients (feedback, follow-up); `questionnaire`: a symptom questionnaire. */
    kind: text('kind', { enum: ['survey', 'questionnaire'] })
      .notNull()
      .default('survey'),
    /** The newest version's name, for lists; each version keeps its own. */
    name: jsonb('name').$type<Localized>().notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    isArchived: boolean('is_archived').notNull().default(false),
    createdBy: uuid('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('survey_templates_org_idx').on(t.organisationId)],
);

/** One version of a template: what a patient was asked. Never changed once a response refers to it. */
export const surveyTemplateVersions = pgTable(
  'survey_template_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => surveyTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    /** Shown above the questions; empty strings when there is none. */
    intro: jsonb('intro').$type<Localized>().notNull(),
    questions: jsonb('questions').$type<SurveyQuestion[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('survey_template_versions_version_idx').on(t.templateId, t.version)],
);

/** When a survey attached to a service or an appointment is sent: on booking (`before`) or when it ends (`after`). */
export const SURVEY_TIMINGS = ['before', 'after'] as const;

/** Surveys a service carries: every appointment booked for it gets them. */
export const serviceSurveys = pgTable(
  'service_surveys',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => surveyTemplates.id, { onDelete: 'cascade' }),
    timing: text('timing', { enum: SURVEY_TIMINGS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.templateId, t.timing] })],
);

/** Surveys one appointment carries besides its service's (an admin chose them for it). */
export const appointmentSurveys = pgTable(
  'appointment_surveys',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => surveyTemplates.id, { onDelete: 'cascade' }),
    timing: text('timing', { enum: SURVEY_TIMINGS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.templateId, t.timing] })],
);

/**
 * A survey sent to a patient: pending while `responded_at` is null. Made when an appointment with surveys is booked
 * (`before`) or ends (`after`), or when an expert sends one (`expert`). Answers are stored by question id of the
 * version asked.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    /** The version asked (null only for rows made before templates existed). */
    templateVersionId: uuid('template_version_id').references(() => surveyTemplateVersions.id, { onDelete: 'restrict' }),
    surveyName: jsonb('survey_name').$type<Localized>().notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    trigger: text('trigger', { enum: ['before', 'after', 'expert'] }),
    /** The expert who sent it, or whose appointment it belongs to: the one who reads the answers first. */
    expertId: uuid('expert_id').references(() => experts.id, { onDelete: 'set null' }),
    /** The expert the answers were forwarded to, by an expert or an admin, and when. */
    forwardedToExpertId: uuid('forwarded_to_expert_id').references(() => experts.id, { onDelete: 'set null' }),
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
    answers: jsonb('answers').$type<SurveyAnswers>(),
    /** The language the patient answered in. */
    language: text('language', { enum: ['fi', 'se', 'en'] }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** The patient's page closed the survey (`survey/close`): its tokens no longer work. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    lastReminderAt: timestamp('last_reminder_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the row last changed and how often (FHIR `meta.lastUpdated` and `meta.versionId`): kept by the trigger
     * `fhir_touch_version` (migration 0025), once per transaction, so no code path can forget them.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('survey_responses_patient_idx').on(t.patientId),
    index('survey_responses_org_idx').on(t.organisationId, t.createdAt),
    index('survey_responses_appointment_idx').on(t.appointmentId),
  ],
);

/**
 * The short-lived token the survey frame authenticates with (spec §3 'Survey token response'). Only its SHA-256 is
 * stored; it is bound to one response and one audience: a patient's token may answer, an expert's only reads.
 */
export const surveyTokens = pgTable(
  'survey_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    responseId: uuid('response_id')
      .notNull()
      .references(() => surveyResponses.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: ['patient', 'expert'] }).notNull(),
    /** The reader: the patient (or the person acting for them) or the expert. */
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    expertId: uuid('expert_id').references(() => experts.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['fi', 'se', 'en'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the answers are sent or the survey is closed: a used token is refused. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('survey_tokens_hash_idx').on(t.tokenHash), index('survey_tokens_response_idx').on(t.responseId)],
);
