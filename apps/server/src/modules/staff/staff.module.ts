import { defineModule } from '../../platform/app-module';
import { expertsAdminRoutes } from './experts-admin.routes';
import { presenceRoutes } from './presence.routes';
import { registerPresenceSocket } from './presence.socket';
import { staffRoutes } from './staff.routes';

/** Staff accounts: sign-in, users and rights, experts and their administration, and their presence. */
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
  // Presence (issue 32): the expert's own status over HTTP, heartbeats over the socket.
  await app.register(presenceRoutes, { db });
  registerPresenceSocket(app, db);
});
