import { defineModule } from '../../platform/app-module';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../stand-ins/push-service/push-service';
import { registerAppointmentSoon } from './appointment-soon';
import { createPushTransport, registerPushDelivery } from './push-delivery';
import { queuePatientPush } from './push-events';
import { pushRoutes } from './push.routes';
import { resolveVapidKeys } from './vapid-keys';

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
 * runner, the pushes that chat and messaging events ask for, and outside production the built-in push service.
 * Without keys (production without VAPID_*), the routes answer that push is off and nothing is queued.
 */
export const notificationsModule = defineModule('notifications', async (app, { config, db, events }) => {
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
  // After the change commits, as jobs: a push is never in the way of the chat or the message it tells of.
  events.deferred('chat.accepted', 'web push', (db, e, meta) =>
    db.transaction(
      async (tx) => void (await queuePatientPush(tx, e.patientId, { event: 'queueTurn', channelId: e.channelId }, meta.eventId)),
    ),
  );
  events.deferred('message.answered', 'web push', (db, e, meta) =>
    db.transaction(async (tx) => void (await queuePatientPush(tx, e.patientId, { event: 'newMessage' }, meta.eventId))),
  );
});
