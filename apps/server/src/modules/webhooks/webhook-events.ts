import { randomUUID } from 'node:crypto';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_TEST_EVENT, type WebhookEvent, type WebhookEventData, type WebhookPayload } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { enqueueJob } from '../../platform/jobs/queue';
import * as repo from './webhooks.repo';

declare module '../../platform/jobs/queue' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface JobPayloads {
    /** Sends one `webhook_deliveries` row to its endpoint (modules/webhooks/webhook-delivery.ts). */
    'webhooks.deliver': { deliveryId: string };
  }
}

async function queueDelivery(tx: Tx, organisationId: string, endpointId: string, payload: WebhookPayload): Promise<string> {
  const deliveryId = await repo.insertDelivery(tx, { endpointId, organisationId, event: payload.type, payload });
  await enqueueJob(tx, 'webhooks.deliver', { deliveryId }, { maxAttempts: WEBHOOK_MAX_ATTEMPTS });
  return deliveryId;
}

/**
 * Tells the organisation's integrations that something happened: for each active endpoint that asked for `type`, a
 * delivery row and its job, written in the caller's transaction, so an event exists exactly when its change commits
 * (and is sent however long the receiver is away). The payload is ids and times only (docs/webhooks.md): never a
 * name, identity code, message or answer text. Costs one indexed select when no endpoint wants the event.
 */
export async function emitWebhookEvent<E extends WebhookEvent>(
  tx: Tx,
  organisationId: string,
  type: E,
  data: WebhookEventData[E],
  occurredAt = new Date(),
): Promise<void> {
  const endpoints = await repo.endpointsWanting(tx, organisationId, type);
  if (endpoints.length === 0) return;
  const payload: WebhookPayload = { id: randomUUID(), type, timestamp: occurredAt.toISOString(), organisationId, data };
  for (const endpoint of endpoints) await queueDelivery(tx, organisationId, endpoint.id, payload);
}

/** The admin's 'send test event': one `webhook.test` delivery to one endpoint, whatever events it asked for. */
export function queueTestEvent(tx: Tx, organisationId: string, endpointId: string, now = new Date()): Promise<string> {
  return queueDelivery(tx, organisationId, endpointId, {
    id: randomUUID(),
    type: WEBHOOK_TEST_EVENT,
    timestamp: now.toISOString(),
    organisationId,
    data: { endpointId },
  });
}
