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
