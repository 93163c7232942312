import { normalizeSsn, type ActOnBehalf } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import type { Session } from '../../platform/session/sessions.service';
import * as repo from './patients.repo';

export type PatientIdentity = { ssn: string; givenName: string; familyName: string };

/** Records a strongly identified person as a patient, keeping the identity code encrypted and searchable by hash. */
export function registerPatient(tx: Tx, cipher: FieldCipher, person: PatientIdentity, loginAt?: Date) {
  const ssn = normalizeSsn(person.ssn);
  return repo.upsertPatient(tx, {
    ssnHash: cipher.keyedHash(ssn),
    ssnEncrypted: cipher.encrypt(ssn),
    givenName: person.givenName,
    familyName: person.familyName,
    lastLoginAt: loginAt,
  });
}

export const findPatient = repo.findPatientById;

/** Makes an organisation a patient's selected one (act on behalf puts the principal into the delegate's). */
export const setSelectedOrganisation = repo.setSelectedOrganisation;

/**
 * The person a signed-in patient acts for, as the config names them (spec §3 actOnBehalf):
 * identity code decrypted for display, name as given + family. Null when not acting.
 */
export async function actOnBehalfOf(tx: Tx, cipher: FieldCipher, session: Session | null): Promise<ActOnBehalf | null> {
  if (!session?.patientId || !session.actingForPatientId) return null;
  const principal = await repo.findPatientById(tx, session.actingForPatientId);
  if (!principal) return null;
  return { ssn: cipher.decrypt(principal.ssnEncrypted), name: `${principal.givenName} ${principal.familyName}` };
}

/**
 * The patient with this identity code, created (without a sign-in) when an admin books for someone who has not
 * signed in yet; names of an existing patient stay as the identification gave them.
 */
export async function patientForIdentityCode(tx: Tx, cipher: FieldCipher, person: PatientIdentity): Promise<repo.PatientRow> {
  const ssn = normalizeSsn(person.ssn);
  const ssnHash = cipher.keyedHash(ssn);
  return (
    (await repo.insertPatientIfNew(tx, {
      ssnHash,
      ssnEncrypted: cipher.encrypt(ssn),
      givenName: person.givenName,
      familyName: person.familyName,
    })) ?? (await repo.findPatientBySsnHash(tx, ssnHash))!
  );
}

/** The patient's identity code, for the staff who book or meet them. */
export function identityCodeOf(cipher: FieldCipher, patient: Pick<repo.PatientRow, 'ssnEncrypted'>): string {
  return cipher.decrypt(patient.ssnEncrypted);
}

/** A patient's ids by identity code (the booking search), or undefined. */
export async function patientIdByIdentityCode(tx: Tx, cipher: FieldCipher, ssn: string): Promise<string | undefined> {
  return (await repo.findPatientBySsnHash(tx, cipher.keyedHash(normalizeSsn(ssn))))?.id;
}
