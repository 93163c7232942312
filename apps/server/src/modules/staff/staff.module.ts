import { defineModule } from '../../platform/app-module';
import { accessLogRoutes } from './access-log.routes';
import { expertsAdminRoutes } from './experts-admin.routes';
import { presenceRoutes } from './presence.routes';
import { registerPresenceSocket } from './presence.socket';
import { staffRoutes } from './staff.routes';

/** Staff accounts: sign-in, users and rights, experts and their administration, and their presence. */
export const staffModule = defineModule('staff', async (app, { config, db, names, events, cipher }) => {
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
  // Who has used a patient's data (issue 33): the patient's access log and the admins' audit log search.
  await app.register(accessLogRoutes, { db, cipher });
});
