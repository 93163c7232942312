import { apiTokenKey } from '../../platform/access/api-client-access';
import { defineModule } from '../../platform/app-module';
import { apiClientsAdminRoutes } from './api-clients.routes';
import { pageTokenKey } from './fhir-page-token';
import { fhirRoutes } from './fhir.routes';

/** The read-only FHIR R4 API for integrations and its API clients (docs/fhir.md). */
export const fhirModule = defineModule('fhir', async (app, { config, db, cipher }) => {
  await app.register(apiClientsAdminRoutes, { db });
  await app.register(fhirRoutes, {
    prefix: '/fhir',
    db,
    cipher,
    apiTokenKey: apiTokenKey(config.dataKey),
    pageTokenKey: pageTokenKey(config.dataKey),
    publicUrl: config.publicUrl,
  });
});
