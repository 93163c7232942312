import { z } from 'zod/mini';
import { zText } from './text';

/**
 * `POST /api/admin/patients/lookup` and `POST /api/expert/patients/lookup`: the identity code typed into a staff form
 * (new appointment, new message). In the body, so the code never lands in an access log's URL.
 */
export const ZPatientLookupRequest = z.object({ ssn: zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(20, 'tooLong')) });
export type PatientLookupRequest = z.infer<typeof ZPatientLookupRequest>;

/** A patient of the organisation the code belongs to, as the forms fill it in; null when the organisation has none. */
export const ZKnownPatient = z.nullable(z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), mobile: z.string() }));
export type KnownPatient = z.infer<typeof ZKnownPatient>;
