import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ALWAYS_OPEN, URGENCY_LEVELS, type OpeningHours } from '@prsp/contracts';
import { appointments } from '../booking/booking.tables';
import { chatCodes } from '../chat-codes/chat-codes.tables';
import { organisations } from '../organisations/organisations.tables';
import { services } from '../services/services.tables';
import { patients } from '../patients/patients.tables';
import { experts } from '../staff/staff.tables';
import { files } from '../../platform/files/files.tables';

/**
 * Queues of the product's own chat. A service's `chat_queue_id` and an expert's name one of these;
 * an expert's personal queue carries `expert_id` and goes with the expert.
 */
export const chatQueues = pgTable(
  'chat_queues',
  {
    /** Readable and stable, e.g. `espoo-nurse`; unique across organisations. */
    id: text('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    expertId: uuid('expert_id').references(() => experts.id, { onDelete: 'cascade' }),
    /** When patients may enter (spec §2 chat-not-available when closed); always open until an admin sets hours. */
    openingHours: jsonb('opening_hours').$type<OpeningHours>().notNull().default(ALWAYS_OPEN),
    /**
     * When no professional of the queue is on duty (issue 32): `wait` admits the patient with an honest text,
     * `close` answers as a closed queue does, with the next opening.
     */
    whenNobodyOnDuty: text('when_nobody_on_duty', { enum: ['wait', 'close'] })
      .notNull()
      .default('wait'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_queues_org_idx').on(t.organisationId)],
);

/**
 * A conversation: a patient waiting in (then served from) a queue, a one-to-one appointment's chat, or a group
 * appointment's channel. `last_seq` numbers its messages: a message takes the next number under the channel's row
 * lock, so `seq` has no gaps and a client that has seen up to n asks for what is after n.
 */
export const chatChannels = pgTable(
  'chat_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['queue', 'appointment', 'group'] }).notNull(),
    status: text('status', { enum: ['waiting', 'active', 'ended'] }).notNull(),
    queueId: text('queue_id').references(() => chatQueues.id, { onDelete: 'set null' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    chatCodeId: uuid('chat_code_id').references(() => chatCodes.id, { onDelete: 'set null' }),
    /** The patient who opened it (null for a group channel, whose patients are members). */
    patientId: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    /** Who opened it for the patient while acting on their behalf (docs/act-on-behalf.md), null when the patient did. */
    delegatePatientId: uuid('delegate_patient_id').references(() => patients.id, { onDelete: 'set null' }),
    /** The expert serving it, once accepted; for a one-to-one appointment, the booked expert from the start. */
    expertId: uuid('expert_id').references(() => experts.id, { onDelete: 'set null' }),
    /**
     * The last hand-over: who handed the chat on and their note for whoever takes it. While such a chat waits with
     * `expert_id` set, it is offered to that expert alone, who accepts it (a booked one-to-one waits for its expert
     * the same way, without a hand-over).
     */
    handoverFrom: text('handover_from'),
    handoverNote: text('handover_note'),
    /** The questionnaire metadata the patient's side sealed (`/services/metadata`), still sealed: only the expert's side opens it. */
    secureMetadata: text('secure_metadata'),
    /**
     * How urgent the patient's own answers say it is (the self-assessment's result, or a red-flag answer an admin marked):
     * read from the result when the chat opens, before it is sealed. An emergency waits first in its queue (issue 29).
     */
    urgency: text('urgency', { enum: URGENCY_LEVELS }),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    /** When it entered its current queue: the order of the waiting line. */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the row last changed and how often (FHIR `meta.lastUpdated` and `meta.versionId`): kept by the trigger
     * `fhir_touch_version` (migration 0025), once per transaction, so no code path can forget them.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('chat_channels_queue_idx')
      .on(t.queueId, t.queuedAt)
      .where(sql`${t.status} = 'waiting'`),
    index('chat_channels_org_idx').on(t.organisationId, t.createdAt),
    index('chat_channels_patient_idx').on(t.patientId, t.createdAt),
    // One live channel per appointment: entering again resumes it.
    uniqueIndex('chat_channels_appointment_idx')
      .on(t.appointmentId)
      .where(sql`${t.status} <> 'ended'`),
  ],
);

/**
 * Who is in a channel. `user_id` is the id the transcript shows (spec §3 'History': members keyed by user id): the
 * patient's, the expert's (role `agent`) or the guest participant's id. Exactly one of the three references is set.
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['patient', 'agent', 'guest'] }).notNull(),
    name: text('name').notNull(),
    readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an expert hands the chat over: they keep the transcript, not the channel. */
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

/** A stored chat message. Its id is the client's own (a UUID): a resend hits the primary key and is answered, not stored again. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    userId: uuid('user_id').notNull(),
    userName: text('user_name').notNull(),
    role: text('role', { enum: ['patient', 'agent', 'guest'] }).notNull(),
    kind: text('kind', { enum: ['text', 'file', 'system'] }).notNull(),
    text: text('text').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_messages_channel_seq_idx').on(t.channelId, t.seq)],
);

/** Spec §3 'Feedback': one score of one type, with the tags the client sent and an optional comment. */
export const chatFeedback = pgTable(
  'chat_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').references(() => chatChannels.id, { onDelete: 'set null' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    /** The expert rated (`expertUuid`), or who rated (score type expertCes). */
    expertId: uuid('expert_id').references(() => experts.id, { onDelete: 'set null' }),
    from: text('from', { enum: ['patient', 'guest', 'expert'] }).notNull(),
    scoreType: text('score_type', { enum: ['nps', 'ces', 'care', 'open', 'expertCes'] }).notNull(),
    score: integer('score').notNull(),
    comment: text('comment'),
    tags: jsonb('tags').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_feedback_org_idx').on(t.organisationId, t.createdAt),
    // A chat is rated once from each side.
    uniqueIndex('chat_feedback_channel_idx').on(t.channelId, t.from),
    check('chat_feedback_score', sql`${t.score} between 0 and 10`),
  ],
);

/**
 * Canned answers for the chat composer (issue 32): an organisation's (`expert_id` null, kept by its admins) or an
 * expert's own. `texts` holds the answer in fi, sv and en (at least one); `shortcut` inserts it as `/shortcut`.
 */
export const quickReplies = pgTable(
  'quick_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    expertId: uuid('expert_id').references(() => experts.id, { onDelete: 'cascade' }),
    shortcut: text('shortcut').notNull(),
    title: text('title').notNull(),
    texts: jsonb('texts').$type<Partial<Record<'fi' | 'sv' | 'en', string>>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('quick_replies_shortcut_key').on(t.organisationId, t.expertId, t.shortcut).nullsNotDistinct()],
);

/**
 * An expert's private note on a visit (issue 33): written during or after the chat or video visit, one per expert and
 * visit, shown only to its author and printed in the visit summary they download for the patient record. Never shown
 * to the patient; it goes with the channel (chat retention).
 */
export const visitNotes = pgTable(
  'visit_notes',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => chatChannels.id, { onDelete: 'cascade' }),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.expertId] })],
);

export type ChatChannelRow = typeof chatChannels.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ChatMemberRow = typeof chatMembers.$inferSelect;
