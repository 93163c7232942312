import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in test identity provider's state (demo and tests only): what oidc-provider stores through its adapter
 * (interactions, sessions, grants, authorization codes, tokens), the names typed on its sign-in page and its signing
 * key. Kept in the database rather than in memory so a sign-in survives a restart and any instance behind the load
 * balancer can answer any step of it.
 */
export const testIdpEntries = pgTable(
  'test_idp_entries',
  {
    /** oidc-provider's model name ('Session', 'Interaction', 'AuthorizationCode' …), or one of the stand-in's own. */
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The payload's `grantId`, `userCode` and `uid`, which the provider also looks entries up by. */
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    /** Null: kept until deleted (the signing key). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('test_idp_entries_grant_idx').on(t.grantId),
    index('test_idp_entries_uid_idx').on(t.uid),
    index('test_idp_entries_user_code_idx').on(t.userCode),
    index('test_idp_entries_expires_idx').on(t.expiresAt),
  ],
);
