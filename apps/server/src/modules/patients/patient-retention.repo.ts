import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { patientContacts, patients } from '../../db/schema';

/** Contact details of the organisation's patients who have not signed in since the cut-off. */
export async function deleteIdlePatientContacts(tx: Tx, organisationId: string, cutoff: Date): Promise<number> {
  const idle = tx
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(eq(patients.selectedOrganisationId, organisationId), lt(sql`coalesce(${patients.lastLoginAt}, ${patients.createdAt})`, cutoff)),
    );
  const gone = await tx
    .delete(patientContacts)
    .where(inArray(patientContacts.patientId, idle))
    .returning({ id: patientContacts.patientId });
  return gone.length;
}
