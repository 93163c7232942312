import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Localized, QuestionnaireAnswer } from '@prsp/contracts';
import { organisations } from '../organisations/organisations.tables';
import { services } from '../services/services.tables';
import { patients } from '../patients/patients.tables';
import { experts } from '../staff/staff.tables';

/**
 * An expert's time: an open timeslot patients can reserve (status open), a reserved appointment (selfBooked by the
 * patient, booked by an admin) or a cancelled one. A reserved appointment whose time has come is also held
 * (`held_at`) or a no-show (`no_show_at`): the visit's state, beside the booking's. Two live (not cancelled) appointments of one expert can never
 * overlap: the exclusion constraint `appointments_no_overlap` (migration 0004, btree_gist) refuses the second,
 * whatever the code path, with SQLSTATE 23P01, which the booking service answers with 422.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    expertId: uuid('expert_id').references(() => experts.id, { onDelete: 'set null' }),
    /** A group's organiser (spec §3 'group appointment with host'). */
    hostExpertId: uuid('host_expert_id').references(() => experts.id, { onDelete: 'set null' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    type: text('type', { enum: ['oneOnOne', 'group', 'basic', 'group-video'] }).notNull(),
    status: text('status', { enum: ['open', 'booked', 'selfBooked', 'cancelled'] }).notNull(),
    queueId: text('queue_id'),
    audienceId: text('audience_id'),
    preQuestionnaire: jsonb('pre_questionnaire').$type<QuestionnaireAnswer[]>(),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: text('cancelled_by', { enum: ['patient', 'admin', 'expert'] }),
    /** What the canceller typed as the reason, if anything: shown in the cancellation e-mail and the lists. */
    cancelReason: text('cancel_reason'),
    /** The visit took place: its chat or video was started and then ended (set when the chat ends). */
    heldAt: timestamp('held_at', { withTimezone: true }),
    /** The patient did not come: marked by the appointment's expert or an admin after the start. */
    noShowAt: timestamp('no_show_at', { withTimezone: true }),
    noShowBy: text('no_show_by', { enum: ['admin', 'expert'] }),
    /**
     * The iCalendar SEQUENCE of its latest invitation, update or cancellation (RFC 5545 §3.8.7.4): raised in the
     * transaction of each change that notifies (booking-notifications.service.ts), so no two messages about the
     * appointment that say different things share one, however close together they are made.
     */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /**
     * When the row last changed and how often (FHIR `meta.lastUpdated` and `meta.versionId`): kept by the trigger
     * `fhir_touch_version` (migration 0025), once per transaction, so no code path can forget them.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_org_idx').on(t.organisationId, t.startsAt),
    // The patients' slot search (booking.repo.ts searchOpenSlotsJson) reads only open times, and only these columns:
    // an index-only scan of the day's open slots, not a heap visit per slot (bench:booking, 100 experts × 30 days).
    index('appointments_open_slots_idx')
      .on(t.organisationId, t.startsAt, t.endsAt, t.expertId, t.type, t.id)
      .where(sql`${t.status} = 'open'`),
    index('appointments_expert_idx').on(t.expertId, t.startsAt),
    index('appointments_org_updated_idx').on(t.organisationId, t.updatedAt),
    check('appointments_positive_length', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * Who takes part besides the appointment's expert: the patient of a one-to-one, and a group's patients, other
 * experts and guests, each with the e-mail and language their notifications use.
 */
export const appointmentParticipants = pgTable(
  'appointment_participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['patient', 'expert', 'guest'] }).notNull(),
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    expertId: uuid('expert_id').references(() => experts.id, { onDelete: 'cascade' }),
    /** The full name as shown; a patient's first and last names also apart (a guest has one name). */
    name: text('name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    mobile: text('mobile'),
    language: text('language', { enum: ['fi', 'se', 'en'] }).notNull(),
    nationality: text('nationality'),
    /** A guest's PIN (spec §9: 6 digits), hashed with argon2id; never stored or logged in clear. */
    pinHash: text('pin_hash'),
    /** Wrong PINs in a row; at the limit the guest is locked out until `pin_locked_until`. */
    pinFailures: integer('pin_failures').notNull().default(0),
    pinLockedUntil: timestamp('pin_locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_participants_appointment_idx').on(t.appointmentId),
    index('appointment_participants_patient_idx').on(t.patientId),
    uniqueIndex('appointment_participants_one_patient_idx')
      .on(t.appointmentId, t.patientId)
      .where(sql`${t.patientId} is not null`),
    uniqueIndex('appointment_participants_one_expert_idx')
      .on(t.appointmentId, t.expertId)
      .where(sql`${t.expertId} is not null`),
  ],
);

/**
 * A patient's hold on an open timeslot between the click and the confirmation (spec §4: 15 minutes). One row per
 * slot (the primary key makes the race a single atomic upsert) and one per patient (a new lock releases the old).
 */
export const bookingHolds = pgTable(
  'booking_holds',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('booking_holds_patient_idx').on(t.patientId), index('booking_holds_expiry_idx').on(t.expiresAt)],
);

/** An open timeslot as a break keeps it to give back: times as ISO strings (JSON). */
export type RemovedOpenTime = { startsAt: string; endsAt: string; serviceId: string | null };

/** An expert's break (spec §3 'Timeslot', type break): nothing opens or is booked over it. */
export const expertBreaks = pgTable(
  'expert_breaks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The open timeslots the break removed when it was added: deleting the break gives back those still free. */
    removedOpenTimes: jsonb('removed_open_times').$type<RemovedOpenTime[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('expert_breaks_expert_idx').on(t.expertId, t.startsAt),
    check('expert_breaks_positive_length', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** `/admin/appointments/customizable`: the book page's info text and the reminders an organisation sends. */
export const bookingSettings = pgTable('booking_settings', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  infoText: jsonb('info_text').$type<Localized>().notNull(),
  reminderEmail: boolean('reminder_email').notNull().default(true),
  reminderSms: boolean('reminder_sms').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
