import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from '../organisations/organisations.tables';
import { patients } from '../patients/patients.tables';
import { experts } from '../staff/staff.tables';

/** An appointment of a patient with an expert. The booking issue adds timeslots and the no-overlap constraint. */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    expertId: uuid('expert_id').references(() => experts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    type: text('type', { enum: ['oneOnOne', 'group', 'basic', 'group-video'] }).notNull(),
    status: text('status', { enum: ['open', 'booked', 'selfBooked', 'cancelled'] }).notNull(),
    queueId: text('queue_id'),
    audienceId: text('audience_id'),
    preQuestionnaire: jsonb('pre_questionnaire'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('appointments_patient_idx').on(t.patientId, t.startsAt), index('appointments_org_idx').on(t.organisationId, t.startsAt)],
);
