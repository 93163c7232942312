import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Localized } from '@prsp/contracts';

/** Experts' specialisations or titles (spec §3 'Specialization'). */
export const specializations = pgTable('specializations', {
  id: text('id').primaryKey(),
  name: jsonb('name').$type<Localized>().notNull(),
});
