import { index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Localized } from '@prsp/contracts';
import { organisations } from '../organisations/organisations.tables';
import { patients } from '../patients/patients.tables';

/** A survey sent to a patient; pending while responded_at is null. The surveys issue adds templates and answers. */
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
    surveyName: jsonb('survey_name').$type<Localized>().notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('survey_responses_patient_idx').on(t.patientId)],
);
