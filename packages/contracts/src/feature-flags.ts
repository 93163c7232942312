import { z } from 'zod/mini';

/** The 14 per-organisation feature flags of spec §3. */
export const FEATURE_FLAGS = [
  'bookingsEnabled',
  'actingEnabled',
  'logoutEnabled',
  'contactEnabled',
  'yourBookingsEnabled',
  'changeLocationEnabled',
  'htaConnectorEnabled',
  'appointmentHistoryEnabled',
  'asyncMessagingEnabled',
  'remoteReceptionEnabled',
  'termsAndConditionsEnabled',
  'finnishEnabled',
  'swedishEnabled',
  'englishEnabled',
] as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const ZFeatureFlags = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((f) => [f, z.boolean()])) as Record<FeatureFlag, z.ZodMiniBoolean>,
);
export type FeatureFlags = z.infer<typeof ZFeatureFlags>;
