import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { patients } from './patients.tables';

export type PatientRow = typeof patients.$inferSelect;

/** Creates the patient or refreshes their names; identity is the keyed hash of the identity code. */
export async function upsertPatient(
  tx: Tx,
  values: { ssnHash: string; ssnEncrypted: string; givenName: string; familyName: string; lastLoginAt?: Date },
): Promise<PatientRow> {
  const [row] = await tx
    .insert(patients)
    .values(values)
    .onConflictDoUpdate({
      target: patients.ssnHash,
      set: {
        givenName: values.givenName,
        familyName: values.familyName,
        ...(values.lastLoginAt ? { lastLoginAt: values.lastLoginAt } : {}),
      },
    })
    .returning();
  return row!;
}

export async function findPatientById(tx: Tx, id: string): Promise<PatientRow | undefined> {
  const [row] = await tx.select().from(patients).where(eq(patients.id, id)).limit(1);
  return row;
}

/** Sets the patient's selected organisation and, when given, the municipality they chose it by. */
export async function setSelectedOrganisation(tx: Tx, patientId: string, organisationId: string, locationCode?: string): Promise<void> {
  await tx
    .update(patients)
    .set({ selectedOrganisationId: organisationId, ...(locationCode !== undefined ? { locationCode } : {}) })
    .where(eq(patients.id, patientId));
}

export async function setClientParams(tx: Tx, patientId: string, values: { lang: string; timezone: string }): Promise<void> {
  await tx.update(patients).set(values).where(eq(patients.id, patientId));
}

export async function insertPatientIfNew(
  tx: Tx,
  values: { ssnHash: string; ssnEncrypted: string; givenName: string; familyName: string },
): Promise<PatientRow | undefined> {
  const [row] = await tx.insert(patients).values(values).onConflictDoNothing({ target: patients.ssnHash }).returning();
  return row;
}

export async function findPatientBySsnHash(tx: Tx, ssnHash: string): Promise<PatientRow | undefined> {
  const [row] = await tx.select().from(patients).where(eq(patients.ssnHash, ssnHash)).limit(1);
  return row;
}
