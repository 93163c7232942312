import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { AppError } from '../../platform/app-error';

type Sealed = { patientId: string; serviceId: string; metadata: Record<string, unknown> };

/**
 * `POST /services/metadata/{uuid}` (spec §7): the questionnaire's metadata sealed with AES-256-GCM under the server's
 * key, bound to the patient and the service. The patient's browser carries it to the chat but can neither read nor
 * change it; only the expert's side opens it.
 */
export function sealMetadata(cipher: FieldCipher, sealed: Sealed): string {
  return cipher.encrypt(JSON.stringify(sealed));
}

/** Opens sealed metadata, refusing (400) what was not sealed by us for this patient and service. */
export function openMetadata(
  cipher: FieldCipher,
  secure: string,
  expect: { patientId: string; serviceId: string },
): Record<string, unknown> {
  let sealed: Sealed;
  try {
    sealed = JSON.parse(cipher.decrypt(secure)) as Sealed;
  } catch {
    throw new AppError(400, { fields: [{ field: 'secureMetadata', key: 'invalid' }] });
  }
  if (sealed.patientId !== expect.patientId || sealed.serviceId !== expect.serviceId)
    throw new AppError(400, { fields: [{ field: 'secureMetadata', key: 'invalid' }] });
  return sealed.metadata;
}
