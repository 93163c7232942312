import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { patientContacts } from '../../db/schema';

export type ContactRow = typeof patientContacts.$inferSelect;
export type ContactValues = Omit<ContactRow, 'patientId' | 'updatedAt'>;

export async function findContact(tx: Tx, patientId: string): Promise<ContactRow | undefined> {
  const [row] = await tx.select().from(patientContacts).where(eq(patientContacts.patientId, patientId)).limit(1);
  return row;
}

export async function upsertContact(tx: Tx, patientId: string, values: ContactValues): Promise<void> {
  const updatedAt = new Date();
  await tx
    .insert(patientContacts)
    .values({ patientId, ...values, updatedAt })
    .onConflictDoUpdate({ target: patientContacts.patientId, set: { ...values, updatedAt } });
}
