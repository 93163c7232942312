import { and, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { appointments } from '../../db/schema';

export async function deleteAppointmentsBefore(tx: Tx, organisationId: string, cutoff: Date): Promise<number> {
  const gone = await tx
    .delete(appointments)
    .where(and(eq(appointments.organisationId, organisationId), lt(appointments.startsAt, cutoff)))
    .returning({ id: appointments.id });
  return gone.length;
}
