import { defineModule } from '../../platform/app-module';
import { guestsRoutes } from './guests.routes';

/** Guests: one group appointment with an e-mail and a 6-digit PIN. */
export const guestsModule = defineModule('guests', async (app, { db }) => {
  await app.register(guestsRoutes, { db });
});
