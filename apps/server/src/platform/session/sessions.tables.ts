import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { patients } from '../../modules/patients/patients.tables';
import { staffUsers } from '../../modules/staff/staff.tables';

/** Server-side sessions. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The person who signed in (a patient)… */
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    /** …and, while they act on someone's behalf, that person: the session's patient is then the principal. */
    actingForPatientId: uuid('acting_for_patient_id').references(() => patients.id, { onDelete: 'set null' }),
    /** Or a member of staff, signed in to one app role. */
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
    appRole: text('app_role', { enum: ['admin', 'expert'] }),
    organisationId: uuid('organisation_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_patient_idx').on(t.patientId),
    index('sessions_staff_idx').on(t.staffUserId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);
