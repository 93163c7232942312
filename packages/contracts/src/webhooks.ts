import { z } from 'zod/mini';
import { DOMAIN_EVENTS, type DomainEvent, type DomainEventPayloads, type PublicDomainEvent } from './domain-events';
import { zText } from './text';

/**
 * The events an organisation's webhook endpoints can ask for (docs/webhooks.md). A payload names ids, times and what
 * changed only, never names, identity codes, message or answer text: integrators read details through the FHIR API.
 */
export type WebhookEvent = PublicDomainEvent;
/** The public events of the domain-event list, in its order. */
export const WEBHOOK_EVENTS = (Object.keys(DOMAIN_EVENTS) as DomainEvent[]).filter((e) => DOMAIN_EVENTS[e].public) as [
  WebhookEvent,
  ...WebhookEvent[],
];

/** What the admin's 'send test event' sends; no endpoint subscribes to it, it goes only where it is asked to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** Attempts before a delivery is marked failed; the waits between them are in docs/webhooks.md. */
export const WEBHOOK_MAX_ATTEMPTS = 12;

export const MAX_WEBHOOK_ENDPOINTS = 20;

/**
 * The object ids (and a `booking.updated`'s `changes`) each event's `data` carries: a deliberate part of the event's
 * payload, documented in docs/webhooks.md.
 */
export const WEBHOOK_EVENT_DATA = {
  'booking.created': ['appointmentId'],
  'booking.updated': ['appointmentId', 'changes'],
  'booking.cancelled': ['appointmentId'],
  'booking.held': ['appointmentId'],
  'booking.noShow': ['appointmentId'],
  'chat.ended': ['channelId', 'appointmentId'],
  'message.received': ['conversationId', 'messageIds'],
  'survey.answered': ['responseId', 'appointmentId'],
} as const satisfies { [E in WebhookEvent]: readonly (keyof DomainEventPayloads[E])[] };

/** The body POSTed to an endpoint (the Standard Webhooks payload shape with the event id and organisation added). */
export const ZWebhookPayload = z.object({
  /** The event's id, also sent as `webhook-id`: the same on every retry, an idempotency key for the receiver. */
  id: z.uuid(),
  type: z.string(),
  /** When the change happened (ISO 8601, UTC), not when it was sent. */
  timestamp: z.string(),
  organisationId: z.uuid(),
  data: z.record(z.string(), z.union([z.string(), z.null(), z.array(z.string())])),
});
export type WebhookPayload = z.infer<typeof ZWebhookPayload>;

const events = z.array(z.enum(WEBHOOK_EVENTS, 'invalid')).check(
  z.minLength(1, 'webhookEvents'),
  z.refine((list) => new Set(list).size === list.length, 'invalid'),
);

/** A new endpoint: its URL (https in production, docs/webhooks.md 'Addresses') and the events it wants. */
export const ZWebhookEndpointCreate = z.object({
  url: zText().check(z.trim(), z.minLength(1, 'required'), z.maxLength(2000, 'tooLong')),
  events,
});
export type WebhookEndpointCreate = z.infer<typeof ZWebhookEndpointCreate>;

/** What can change later: whether it is on and which events it wants. The URL and secret stay; make a new endpoint. */
export const ZWebhookEndpointUpdate = z.object({ active: z.boolean(), events });
export type WebhookEndpointUpdate = z.infer<typeof ZWebhookEndpointUpdate>;

export const ZWebhookEndpointParams = z.object({ id: z.uuid() });

export const ZWebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The answer to a create: the endpoint and its signing secret (`whsec_…`), shown this once and never again. */
export const ZWebhookEndpointCreated = z.object({ endpoint: ZWebhookEndpoint, secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof ZWebhookEndpointCreated>;

export const ZWebhookDeliveriesQuery = z.object({ endpointId: z.optional(z.uuid()) });
export type WebhookDeliveriesQuery = z.infer<typeof ZWebhookDeliveriesQuery>;

/** One event for one endpoint and how its delivery went; no payload (ids only anyway) and no response body. */
export const ZWebhookDelivery = z.object({
  id: z.uuid(),
  endpointId: z.uuid(),
  event: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number(),
  lastStatusCode: z.nullable(z.number()),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  deliveredAt: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;
