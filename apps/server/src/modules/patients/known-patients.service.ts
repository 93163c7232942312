import { isValidSsn, normalizeSsn, type KnownPatient } from '@prsp/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { PatientReads } from '../../platform/audit/patient-reads';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { findOrganisationPatient } from './known-patients.repo';

/**
 * The organisation's patient of an identity code typed into a staff form (new appointment, new message), to fill in
 * their name and contacts; null when the organisation has no such patient. 105 for a code that is not valid. The
 * answer shows patient data: its read is audited as any other (docs/security.md).
 */
export async function knownPatient(
  deps: { db: Db; cipher: FieldCipher },
  organisationId: string,
  ssn: string,
  reads: PatientReads,
): Promise<KnownPatient> {
  if (!isValidSsn(ssn)) throw new AppError(105, { fields: [{ field: 'ssn', key: 'ssn' }] });
  const row = await findOrganisationPatient(deps.db, organisationId, deps.cipher.keyedHash(normalizeSsn(ssn)));
  reads.show(row ? [{ patientId: row.id, organisationId, objectType: 'patient', objectId: row.id }] : []);
  if (!row) return null;
  return { firstName: row.givenName, lastName: row.familyName, email: row.email ?? '', mobile: row.mobile ?? '' };
}
