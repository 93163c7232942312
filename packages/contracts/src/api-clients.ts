import { z } from 'zod/mini';
import { zText } from './text';

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
});
export type ApiClient = z.infer<typeof ZApiClient>;

export const ZApiClientCreate = z.object({
  name: zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(200, 'tooLong')),
});
export type ApiClientCreate = z.infer<typeof ZApiClientCreate>;

/** The answer to a create: the client and its `client_secret`, which is never shown again. */
export const ZApiClientCreated = z.object({ client: ZApiClient, clientSecret: z.string() });
export type ApiClientCreated = z.infer<typeof ZApiClientCreated>;

export const ZApiClientParams = z.object({ id: z.uuid('invalid') });
