import { demoRpKeySet } from '../modules/identity/rp-keys';

/** A complete production environment of made-up values, for tests of configuration: remove or spoil one part at a time. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://portal.example.fi',
  DATA_KEY: 'a-secret-of-our-own-that-is-long-enough-0123456789',
  OIDC_ISSUER: 'https://broker.example.fi/oidc',
  // The relying party's keys (docs/identity.md): a key set of the right shape, made from another secret.
  OIDC_KEYS: JSON.stringify(demoRpKeySet('keys-of-the-operator-that-are-long-enough-0123456789')),
  MANDATES_URL: 'https://mandates.example.fi',
  MANDATES_API_SECRET: 'mandate-service-given-secret',
  MANDATES_OAUTH_SECRET: 'mandate-service-given-oauth-secret',
  SMTP_URL: 'smtp://mail.example.fi:587',
};
