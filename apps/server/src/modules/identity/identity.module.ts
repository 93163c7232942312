import { createHash } from 'node:crypto';
import { defineModule } from '../../platform/app-module';
import { identityRoutes } from './identity.routes';
import { registerLoginFlowPurge } from './login-flows.job';
import { createOidcClient } from './oidc-client';
import { importRpKeys } from './rp-keys';

/** Patients' strong identification through the OpenID Connect broker, FTN profile (docs/identity.md). */
export const identityModule = defineModule('identity', async (app, { config, db, cipher, names }) => {
  // None only under the plain profile in production (config.ts): then there is nothing to publish either.
  const rpKeys = config.oidc.keys.length > 0 ? await importRpKeys(config.oidc.keys) : null;
  const oidc = createOidcClient({ ...config.oidc, keys: rpKeys, redirectUri: `${config.publicUrl}/api/login/callback` });
  registerLoginFlowPurge(app.jobs, db);
  await app.register(identityRoutes, {
    db,
    oidc,
    cipher,
    readModels: app.readModels,
    policy: config.session,
    tokenKey: createHash('sha256').update(`stripped-token:${config.dataKey}`).digest(),
    names,
    production: config.production,
    publicUrl: config.publicUrl,
    publicJwks: rpKeys?.public ?? { keys: [] },
  });
});
