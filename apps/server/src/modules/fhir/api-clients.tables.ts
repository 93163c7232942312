import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from '../organisations/organisations.tables';
import { staffUsers } from '../staff/staff.tables';

/**
 * An organisation's integration client for the read-only FHIR API (OAuth 2.0 client credentials). Admins create
 * and revoke them; the secret is shown once and only its hash is kept. A revoked client's tokens stop working at
 * once, because every FHIR request checks the client.
 */
export const apiClients = pgTable(
  'api_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The public `client_id` (random, not the row id). */
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    /**
     * What the client may read, as SMART system scopes (`system/Appointment.read`, …; docs/fhir.md 'Scopes'): one
     * per resource type, chosen by the admin. Clients made before scopes existed kept the six types they could read.
     */
    scopes: text('scopes').array().notNull(),
    createdBy: uuid('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_clients_client_id_idx').on(t.clientId), index('api_clients_org_idx').on(t.organisationId)],
);
