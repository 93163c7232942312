import { defineModule } from '../../platform/app-module';
import { expertsAdminRoutes } from './experts-admin.routes';
import { staffRoutes } from './staff.routes';

/** Staff accounts: sign-in, users and rights, experts and their administration. */
export const staffModule = defineModule('staff', async (app, { config, db, names, events }) => {
  await app.register(staffRoutes, {
    db,
    policy: config.session,
    names,
    production: config.production,
    publicUrl: config.publicUrl,
    sender: config.mail.sender,
  });
  await app.register(expertsAdminRoutes, { db, emit: events.emit, publicUrl: config.publicUrl, sender: config.mail.sender });
});
