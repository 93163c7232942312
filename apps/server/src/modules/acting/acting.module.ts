import { defineModule } from '../../platform/app-module';
import { actingRoutes } from './acting.routes';
import { createMandatesClient } from './mandates-client';

/** Acting on behalf of another person through the national mandate service (docs/acting-on-behalf.md). */
export const actingModule = defineModule('acting', async (app, { config, db, cipher, names }) => {
  await app.register(actingRoutes, {
    db,
    cipher,
    mandates: createMandatesClient(config.mandates),
    names,
    production: config.production,
    publicUrl: config.publicUrl,
  });
});
