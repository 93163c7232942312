import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what to which object, for whom, when and from where. Never holds names or identity codes. A read of a
 * patient's data by staff or an API client names the patient (`patient_id`), the organisation it was read in and
 * the reader's role, one row per patient, so a patient's own access log is one indexed query (docs/security.md).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorType: text('actor_type', { enum: ['patient', 'staff', 'guest', 'system'] }).notNull(),
    actorId: uuid('actor_id'),
    /** The role the actor read in: expert, admin, globalAdmin or apiClient (patient reads). */
    actorRole: text('actor_role'),
    organisationId: uuid('organisation_id'),
    /** Whose data was read (patient reads). */
    patientId: uuid('patient_id'),
    onBehalfOf: uuid('on_behalf_of'),
    action: text('action').notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_actor_idx').on(t.actorId, t.at),
    index('audit_patient_idx').on(t.patientId, t.at),
    // The admins' in-app search of their organisation's log (issue 33), newest first.
    index('audit_organisation_idx').on(t.organisationId, t.at),
  ],
);
