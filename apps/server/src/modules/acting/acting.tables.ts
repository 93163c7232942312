import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One act-on-behalf selection in progress at the mandate service, bound to a session. */
export const mandateFlows = pgTable('mandate_flows', {
  stateHash: text('state_hash').primaryKey(),
  sessionId: uuid('session_id').notNull(),
  mandateSessionId: text('mandate_session_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
