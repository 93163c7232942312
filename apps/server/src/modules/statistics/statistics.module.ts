import { defineModule } from '../../platform/app-module';
import { statisticsRoutes } from './statistics.routes';

/** Statistics for admins (docs/statistics.md): read-only figures over every module's rows, so it comes last. */
export const statisticsModule = defineModule('statistics', async (app, { db }) => {
  await app.register(statisticsRoutes, { db });
});
