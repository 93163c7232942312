import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { registerAppointmentSoon } from '../modules/notifications/appointment-soon';
import { createPushTransport, registerPushDelivery } from '../modules/notifications/push-delivery';
import { pushRoutes } from '../modules/notifications/push.routes';
import { resolveVapidKeys } from '../modules/notifications/vapid-keys';
import { startPushServiceStandIn, type PushServiceStandIn } from '../stand-ins/push-service/push-service';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** Web push: the VAPID public key (null: push off) and the built-in push service when it runs. */
    push: { publicKey: string | null; standIn: PushServiceStandIn | null };
  }
}

/**
 * Web push (docs/notifications.md 'Web push'): the VAPID keys (configured, else the demo's kept in DATA_DIR), the
 * patients' subscription and settings routes, `push.send` delivery and the 'appointment soon' sweep on the job
 * runner, and outside production the built-in push service. Without keys (production without VAPID_*), the routes
 * answer that push is off and nothing is queued. Register the jobs plugin first.
 */
export const pushPlugin = fp(async (app: FastifyInstance, opts: { config: Config; db: Db }) => {
  const { config, db } = opts;
  const keys = await resolveVapidKeys(config);
  const standIn = config.push.standInEnabled ? await startPushServiceStandIn({ production: config.production, log: app.log }) : null;
  app.addHook('onClose', async () => {
    await standIn?.close();
  });
  app.decorate('push', { publicKey: keys?.publicKey ?? null, standIn });
  await app.register(pushRoutes, {
    db,
    publicKey: keys?.publicKey ?? null,
    endpoints: { hosts: config.push.endpointHosts, standInOrigin: standIn?.origin ?? null },
  });
  if (!keys) {
    app.log.warn({}, 'no VAPID keys configured: web push is off');
    return;
  }
  registerPushDelivery(app.jobs, { db, transport: createPushTransport({ keys, subject: config.push.subject }) });
  registerAppointmentSoon(app.jobs, db);
});
