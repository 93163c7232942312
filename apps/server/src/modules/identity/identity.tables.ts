import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One OpenID Connect sign-in in progress: PKCE verifier and nonce, found by the hash of its state. */
export const loginFlows = pgTable('login_flows', {
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
