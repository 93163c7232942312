import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_EVENT_DATA,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_TEST_EVENT,
  type DomainEventPayloads,
  type WebhookEvent,
  type WebhookPayload,
} from '@prsp/contracts';
import type { EventMeta } from '../../platform/events/event-hub';
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
 * The subscriber of every public domain event (webhooks.module.ts): tells the organisation's integrations that
 * something happened. For each active endpoint that asked for `type`, a delivery row and its job, written in the
 * writer's transaction, so an event exists exactly when its change commits (and is sent however long the receiver is
 * away). The payload is the event's id and its documented ids (WEBHOOK_EVENT_DATA, docs/webhooks.md): never a name,
 * identity code, message or answer text. Costs one indexed select when no endpoint wants the event.
 */
export async function queueWebhookEvent<E extends WebhookEvent>(
  tx: Tx,
  type: E,
  event: DomainEventPayloads[E],
  meta: EventMeta,
): Promise<void> {
  const endpoints = await repo.endpointsWanting(tx, event.organisationId, type);
  if (endpoints.length === 0) return;
  const fields = event as Record<string, unknown>;
  const data = Object.fromEntries(WEBHOOK_EVENT_DATA[type].map((key: string) => [key, fields[key]])) as WebhookPayload['data'];
  const payload: WebhookPayload = {
    id: meta.eventId,
    type,
    timestamp: meta.occurredAt.toISOString(),
    organisationId: event.organisationId,
    data,
  };
  for (const endpoint of endpoints) await queueDelivery(tx, event.organisationId, endpoint.id, payload);
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
