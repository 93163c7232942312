import { defineModule } from '../../platform/app-module';
import { organisationsAdminRoutes } from './organisations-admin.routes';
import { organisationsRoutes } from './organisations.routes';

/** Organisations: their theme images, and their administration (white-label settings, content, areas, files). */
export const organisationsModule = defineModule('organisations', async (app, { db, files, events }) => {
  await app.register(organisationsRoutes, { db, files });
  await app.register(organisationsAdminRoutes, { db, emit: events.emit, files });
});
