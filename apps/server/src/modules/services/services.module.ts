import { defineModule } from '../../platform/app-module';
import { servicesAdminRoutes } from './services-admin.routes';
import { orderServices } from './services-admin.service';
import { servicesRoutes } from './services.routes';

/** Services: what patients choose from, and their administration. */
export const servicesModule = defineModule('services', async (app, { db, events }) => {
  await app.register(servicesAdminRoutes, { db, emit: events.emit });
  await app.register(servicesRoutes, { db, readModels: app.readModels });
  // The organisation form orders the services, in its own transaction.
  events.inTransaction('organisation.servicesOrdered', 'services', (tx, e) => orderServices(tx, e.organisationId, e.serviceIds));
});
