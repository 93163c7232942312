import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AdminRights } from '@prsp/contracts';
import { organisations } from '../organisations/organisations.tables';
import { newChatUserId } from '../../platform/chat-ids';

/** Admins and experts. Status: no password set (password_hash null), inactive, active; locked is separate. */
export const staffUsers = pgTable('staff_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Lower-cased; unique across all staff. */
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash'),
  isGlobalAdmin: boolean('is_global_admin').notNull().default(false),
  active: boolean('active').notNull().default(true),
  locked: boolean('locked').notNull().default(false),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  language: text('language', { enum: ['fi', 'sv', 'en'] })
    .notNull()
    .default('fi'),
  /** The interface language the user last chose in the staff apps; null until they choose (the apps start in Finnish). */
  uiLanguage: text('ui_language', { enum: ['fi', 'sv', 'en'] }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An admin's place in an organisation: preset and the view/edit rights it gives. */
export const adminMemberships = pgTable(
  'admin_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    preset: text('preset', { enum: ['booker', 'organisationAdmin', 'operationalAdmin', 'custom'] }).notNull(),
    rights: jsonb('rights').$type<AdminRights>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_memberships_user_org_idx').on(t.userId, t.organisationId)],
);

/** A healthcare professional working for an organisation. */
export const experts = pgTable(
  'experts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    specializations: jsonb('specializations').$type<string[]>().notNull(),
    communicationLanguage: text('communication_language', { enum: ['fi', 'sv', 'en'] })
      .notNull()
      .default('fi'),
    chatQueueId: text('chat_queue_id').notNull(),
    /** Every expert has one from the start (a group appointment needs it); 0017 gave one to those made without. */
    chatUserId: text('chat_user_id')
      .notNull()
      .$defaultFn(() => newChatUserId()),
    /** How many chats the expert may have open at once (issue 32); null: no limit. Accepting one more is refused. */
    maxConcurrentChats: integer('max_concurrent_chats'),
    /** Leads a shift: sees the organisation's live queue board, read-only (issue 32). Set by an admin. */
    shiftLead: boolean('shift_lead').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the row last changed and how often (FHIR `meta.lastUpdated` and `meta.versionId`): kept by the trigger
     * `fhir_touch_version` (migration 0025), once per transaction, so no code path can forget them.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('experts_user_org_idx').on(t.userId, t.organisationId), index('experts_org_idx').on(t.organisationId)],
);

/** Single-use links to set a password: registration (24 h) and reset (30 min). Only the hash is stored. */
export const passwordTokens = pgTable('password_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['register', 'reset'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sign-in failures per typed identifier (a SHA-256 of the lower-cased e-mail, never the text itself) for
 * identifiers that belong to no account: they lock exactly like a real account's `locked_until`, so a lockout
 * answer never tells whether the account exists.
 */
export const staffLoginThrottle = pgTable('staff_login_throttle', {
  identifierHash: text('identifier_hash').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A staff user's presence (issue 32), one row per person across their organisations. `status` is what they chose;
 * they count as away when `last_active_at` is older than the organisation's idle time, and as offline when no socket
 * of theirs has said so within the heartbeat window (`last_seen_at`), so a crashed instance leaves nobody 'online'.
 */
export const staffPresence = pgTable('staff_presence', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['available', 'busy', 'away'] })
    .notNull()
    .default('available'),
  statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
  /** The last heartbeat of any of their sockets in the expert app; null once the last one closed. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  /** The last time they used the app (keyboard, pointer), as their app reports it. */
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
});
