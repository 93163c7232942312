import { normalizeSsn } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
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
