import { asc, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { experts, specializations } from '../../db/schema';

export function listSpecializations(tx: Tx) {
  return tx.select().from(specializations).orderBy(asc(specializations.id));
}

/** Each (organisation, specialization) pair some expert of that organisation has, once. */
export function listExpertSpecializations(tx: Tx) {
  return tx
    .selectDistinct({
      organisationId: experts.organisationId,
      specialization: sql<string>`jsonb_array_elements_text(${experts.specializations})`.as('specialization'),
    })
    .from(experts);
}
