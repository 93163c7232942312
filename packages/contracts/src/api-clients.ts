import { z } from 'zod/mini';
import { zText } from './text';

/**
 * The FHIR resource types an API client can be granted, one scope each (docs/fhir.md 'Scopes'). `Communication`
 * carries secure messages with their text, so it is never granted unasked.
 */
export const FHIR_SCOPE_TYPES = [
  'Appointment',
  'Slot',
  'Schedule',
  'Practitioner',
  'Patient',
  'QuestionnaireResponse',
  'Communication',
  'Encounter',
] as const;
export type FhirScopeType = (typeof FHIR_SCOPE_TYPES)[number];

/** A SMART App Launch v1 system scope: read and search of one type, without a user or patient in context. */
export type ApiClientScope = `system/${FhirScopeType}.read`;
export const readScope = (type: FhirScopeType): ApiClientScope => `system/${type}.read`;

/** Every scope an admin can grant, in the order the create dialog lists them. */
export const API_CLIENT_SCOPES = FHIR_SCOPE_TYPES.map(readScope) as [ApiClientScope, ...ApiClientScope[]];

/** What clients made before scopes existed could read (migration 0025 gave them these); the create dialog's default. */
export const FORMER_API_CLIENT_SCOPES: readonly ApiClientScope[] = [
  'system/Appointment.read',
  'system/Slot.read',
  'system/Schedule.read',
  'system/Practitioner.read',
  'system/Patient.read',
  'system/QuestionnaireResponse.read',
];

const REQUESTABLE = new RegExp(`^system/(\\*|${FHIR_SCOPE_TYPES.join('|')})\\.(read|rs)$`);

/**
 * A scope a token request may name: `system/{Type}.read` (SMART v1) or `system/{Type}.rs` (SMART v2: read and
 * search, all this API does), with `*` for every type the client holds. Null for anything else (`patient/…`,
 * `user/…`, writes, v2's lone `.r` or `.s`, granular `?…` filters, unknown types).
 */
export function parseRequestedScope(scope: string): { type: FhirScopeType | '*'; form: 'read' | 'rs' } | null {
  const match = REQUESTABLE.exec(scope);
  return match ? { type: match[1] as FhirScopeType | '*', form: match[2] as 'read' | 'rs' } : null;
}

/**
 * An organisation's client of the read-only FHIR API (docs/fhir.md): admins create and revoke them under
 * `/admin/api-clients`; the secret is shown once, when the client is made, and only its hash is kept.
 */
export const ZApiClient = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The OAuth `client_id` the integration sends. */
  clientId: z.string(),
  createdAt: z.string(),
  /** When the client last got an access token. */
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
  /** What it may read (API_CLIENT_SCOPES). */
  scopes: z.array(z.string()),
});
export type ApiClient = z.infer<typeof ZApiClient>;

export const ZApiClientCreate = z.object({
  name: zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(200, 'tooLong')),
  /** At least one; chosen explicitly, as each widens what the integration reads. */
  scopes: z.array(z.enum(API_CLIENT_SCOPES, 'invalid'), 'apiClientScopes').check(
    z.minLength(1, 'apiClientScopes'),
    z.refine((list) => new Set(list).size === list.length, 'invalid'),
  ),
});
export type ApiClientCreate = z.infer<typeof ZApiClientCreate>;

/** The answer to a create: the client and its `client_secret`, which is never shown again. */
export const ZApiClientCreated = z.object({ client: ZApiClient, clientSecret: z.string() });
export type ApiClientCreated = z.infer<typeof ZApiClientCreated>;

export const ZApiClientParams = z.object({ id: z.uuid('invalid') });
