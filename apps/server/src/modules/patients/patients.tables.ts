import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A person who signed in with strong identification. The identity code is kept encrypted, found by its keyed hash. */
export const patients = pgTable('patients', {
  id: uuid('id').primaryKey().defaultRandom(),
  ssnHash: text('ssn_hash').notNull().unique(),
  ssnEncrypted: text('ssn_encrypted').notNull(),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});
