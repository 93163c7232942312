import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { patients } from '../patients/patients.tables';
import { staffUsers } from '../staff/staff.tables';

/**
 * A browser's web push subscription (RFC 8030/8291): made when the user consents on that device, removed when they
 * withdraw it or the push service answers 404/410. Belongs to a patient or to a staff user, never both.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser; unique, so re-subscribing replaces the row. */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), needed to encrypt payloads for it. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_patient_idx').on(t.patientId),
    index('push_subscriptions_staff_idx').on(t.staffUserId),
    check('push_subscriptions_one_owner', sql`(${t.patientId} is null) <> (${t.staffUserId} is null)`),
  ],
);

/** Which events a user wants pushed (all on once they consent); one row per patient or staff user. */
export const pushSettings = pgTable(
  'push_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
    newMessage: boolean('new_message').notNull().default(true),
    queueTurn: boolean('queue_turn').notNull().default(true),
    appointmentSoon: boolean('appointment_soon').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_settings_patient_idx')
      .on(t.patientId)
      .where(sql`${t.patientId} is not null`),
    uniqueIndex('push_settings_staff_idx')
      .on(t.staffUserId)
      .where(sql`${t.staffUserId} is not null`),
    check('push_settings_one_owner', sql`(${t.patientId} is null) <> (${t.staffUserId} is null)`),
  ],
);
