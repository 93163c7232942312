import { eq } from 'drizzle-orm';
import type { RemindersSave } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { patients } from '../../db/schema';

export async function findReminderChoices(tx: Tx, patientId: string): Promise<RemindersSave | undefined> {
  const [row] = await tx
    .select({ email: patients.remindersByEmail, sms: patients.remindersBySms })
    .from(patients)
    .where(eq(patients.id, patientId))
    .limit(1);
  return row;
}

export async function updateReminderChoices(tx: Tx, patientId: string, choices: RemindersSave): Promise<void> {
  await tx.update(patients).set({ remindersByEmail: choices.email, remindersBySms: choices.sms }).where(eq(patients.id, patientId));
}
