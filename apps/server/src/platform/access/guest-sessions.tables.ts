import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appointmentParticipants, appointments } from '../../modules/booking/booking.tables';

/**
 * A guest's sign-in to one group appointment (spec §6 'Guest'): the bearer token's SHA-256, never the token, bound
 * to one participant of one appointment. Guest sign-in with e-mail and PIN issues these; the chat accepts them.
 */
export const guestSessions = pgTable(
  'guest_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => appointmentParticipants.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guest_sessions_participant_idx').on(t.participantId)],
);
