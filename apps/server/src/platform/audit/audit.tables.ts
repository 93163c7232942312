import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Who did what to which object, for whom, when and from where. Never holds names or identity codes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorType: text('actor_type', { enum: ['patient', 'staff', 'guest', 'system'] }).notNull(),
    actorId: uuid('actor_id'),
    onBehalfOf: uuid('on_behalf_of'),
    action: text('action').notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_actor_idx').on(t.actorId, t.at)],
);
