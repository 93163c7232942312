import { WEBHOOK_EVENTS } from '@prsp/contracts';
import { defineModule } from '../../platform/app-module';
import { queueWebhookEvent } from './webhook-events';
import { webhooksRoutes } from './webhooks-admin.routes';

/** Webhooks to the organisation's integrations (docs/webhooks.md): endpoints, deliveries, and every public event. */
export const webhooksModule = defineModule('webhooks', async (app, { config, db, cipher, events }) => {
  await app.register(webhooksRoutes, { db, cipher, production: config.production });
  // In the writer's transaction: the delivery rows are its outbox, so an event is sent exactly when its change commits.
  for (const event of WEBHOOK_EVENTS)
    events.inTransaction(event, 'webhooks', (tx, payload, meta) => queueWebhookEvent(tx, event, payload, meta));
});
