import {
  MAX_WEBHOOK_ENDPOINTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointCreated,
  type WebhookEndpointUpdate,
} from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import type { FieldCipher } from '../../platform/crypto/field-cipher';
import { throwIfFieldIssues } from '../../platform/field-errors';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import { resolvesPrivate, urlProblem, type AddressPolicy } from './webhook-address';
import { queueTestEvent } from './webhook-events';
import { newWebhookSecret } from './webhook-signature';
import * as repo from './webhooks.repo';

export type WebhooksAdminDeps = { db: Db; cipher: FieldCipher; policy: AddressPolicy };

const DELIVERIES_SHOWN = 200;

function toEndpoint(row: repo.EndpointRow): WebhookEndpoint {
  return { id: row.id, url: row.url, events: row.events, active: row.active, createdAt: row.createdAt.toISOString() };
}

/** Audited by id and what changed; the URL and secret never go into the audit log. */
async function audit(tx: Tx, actor: AdminActor, action: string, id: string, details?: Record<string, unknown>) {
  await recordAudit(tx, {
    actorType: 'staff',
    actorId: actor.staff.userId,
    action,
    objectType: 'webhookEndpoint',
    objectId: id,
    ip: actor.ip,
    details,
  });
}

export async function listEndpoints(db: Db, actor: AdminActor): Promise<WebhookEndpoint[]> {
  return (await repo.listEndpoints(db, organisationOf(actor))).map(toEndpoint);
}

/**
 * A new endpoint with a fresh signing secret, answered this once in clear and stored encrypted with the field
 * cipher. The URL is refused (400, field `url`) when its form is wrong for the environment, or in production when
 * its name resolves to a private address (docs/webhooks.md 'Addresses').
 */
export async function createEndpoint(
  deps: WebhooksAdminDeps,
  actor: AdminActor,
  input: WebhookEndpointCreate,
): Promise<WebhookEndpointCreated> {
  const problem =
    urlProblem(input.url, deps.policy) ?? (deps.policy.production && (await resolvesPrivate(input.url)) ? 'webhookUrlPrivate' : null);
  throwIfFieldIssues(problem ? [{ field: 'url', key: problem }] : []);
  const organisationId = organisationOf(actor);
  const secret = newWebhookSecret();
  const row = await deps.db.transaction(async (tx) => {
    if ((await repo.countEndpoints(tx, organisationId)) >= MAX_WEBHOOK_ENDPOINTS)
      throw new AppError(403, { detail: `at most ${MAX_WEBHOOK_ENDPOINTS} endpoints per organisation` });
    const created = await repo.insertEndpoint(tx, {
      organisationId,
      url: new URL(input.url).href,
      events: input.events,
      secretEncrypted: deps.cipher.encrypt(secret),
      createdBy: actor.staff.userId,
    });
    await audit(tx, actor, 'webhooks.endpointCreate', created.id, { events: input.events });
    return created;
  });
  return { endpoint: toEndpoint(row), secret };
}

export async function updateEndpoint(db: Db, actor: AdminActor, id: string, input: WebhookEndpointUpdate): Promise<WebhookEndpoint> {
  return db.transaction(async (tx) => {
    const row = await repo.updateEndpoint(tx, organisationOf(actor), id, { active: input.active, events: input.events });
    if (!row) throw new AppError(404);
    await audit(tx, actor, 'webhooks.endpointUpdate', id, { active: input.active, events: input.events });
    return toEndpoint(row);
  });
}

/** Deletes an endpoint and, with it, its deliveries; queued jobs find nothing to send and end. */
export async function deleteEndpoint(db: Db, actor: AdminActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.deleteEndpoint(tx, organisationOf(actor), id))) throw new AppError(404);
    await audit(tx, actor, 'webhooks.endpointDelete', id);
  });
}

/** Queues a `webhook.test` delivery to an active endpoint (a switched-off one is refused: it would not be sent). */
export async function sendTestEvent(db: Db, actor: AdminActor, id: string, now = new Date()): Promise<WebhookDelivery> {
  const organisationId = organisationOf(actor);
  const deliveryId = await db.transaction(async (tx) => {
    const endpoint = await repo.findEndpoint(tx, organisationId, id);
    if (!endpoint) throw new AppError(404);
    if (!endpoint.active) throw new AppError(403, { detail: 'the endpoint is switched off' });
    const queued = await queueTestEvent(tx, organisationId, id, now);
    await audit(tx, actor, 'webhooks.testEvent', id);
    return queued;
  });
  return toDelivery((await repo.findDelivery(db, deliveryId))!);
}

function toDelivery(row: repo.DeliverySummary): WebhookDelivery {
  return { ...row, createdAt: row.createdAt.toISOString(), deliveredAt: row.deliveredAt?.toISOString() ?? null };
}

/** The newest deliveries, of one endpoint when asked (404 when it is not the organisation's). */
export async function listDeliveries(db: Db, actor: AdminActor, endpointId?: string): Promise<WebhookDelivery[]> {
  const organisationId = organisationOf(actor);
  if (endpointId && !(await repo.findEndpoint(db, organisationId, endpointId))) throw new AppError(404);
  return (await repo.listDeliveries(db, organisationId, endpointId, DELIVERIES_SHOWN)).map(toDelivery);
}
