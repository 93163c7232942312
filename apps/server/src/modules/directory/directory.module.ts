import { defineModule } from '../../platform/app-module';
import { directoryRoutes } from './directory.routes';

/** Municipalities, countries and postal areas (reference data of ../shared/data). */
export const directoryModule = defineModule('directory', async (app, { db }) => {
  await app.register(directoryRoutes, { db });
});
