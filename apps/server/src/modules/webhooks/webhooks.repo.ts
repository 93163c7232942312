import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type NewDelivery = typeof webhookDeliveries.$inferInsert;

/** The active endpoints of an organisation that asked for `event`. */
export function endpointsWanting(tx: Tx, organisationId: string, event: string) {
  return tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organisationId, organisationId),
        eq(webhookEndpoints.active, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`,
      ),
    );
}

export async function insertDelivery(tx: Tx, values: NewDelivery): Promise<string> {
  const [row] = await tx.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id });
  return row!.id;
}

export function listEndpoints(tx: Tx, organisationId: string) {
  return tx
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organisationId, organisationId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

export async function countEndpoints(tx: Tx, organisationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organisationId, organisationId));
  return row?.n ?? 0;
}

export async function findEndpoint(tx: Tx, organisationId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organisationId, organisationId), eq(webhookEndpoints.id, id)));
  return row;
}

export async function insertEndpoint(tx: Tx, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(
  tx: Tx,
  organisationId: string,
  id: string,
  set: Partial<Pick<EndpointRow, 'active' | 'events'>>,
): Promise<EndpointRow | undefined> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set(set)
    .where(and(eq(webhookEndpoints.organisationId, organisationId), eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

export async function deleteEndpoint(tx: Tx, organisationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organisationId, organisationId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

const summary = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  event: webhookDeliveries.event,
  state: webhookDeliveries.state,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  createdAt: webhookDeliveries.createdAt,
  deliveredAt: webhookDeliveries.deliveredAt,
};
export type DeliverySummary = { [K in keyof typeof summary]: DeliveryRow[K] };

/** The newest deliveries of an organisation (of one endpoint when given), without their payloads. */
export function listDeliveries(tx: Tx, organisationId: string, endpointId: string | undefined, limit: number): Promise<DeliverySummary[]> {
  return tx
    .select(summary)
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.organisationId, organisationId), endpointId ? eq(webhookDeliveries.endpointId, endpointId) : undefined))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function findDelivery(tx: Tx, id: string): Promise<DeliverySummary | undefined> {
  const [row] = await tx.select(summary).from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

/** A delivery with what sending it needs of its endpoint. */
export async function deliveryToSend(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      delivery: webhookDeliveries,
      url: webhookEndpoints.url,
      secretEncrypted: webhookEndpoints.secretEncrypted,
      active: webhookEndpoints.active,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

/** Records an attempt's outcome, only while the delivery is still pending (a late duplicate run changes nothing). */
export async function recordAttempt(
  tx: Tx,
  id: string,
  set: Pick<DeliveryRow, 'attempts' | 'lastStatusCode' | 'lastError'> & Partial<Pick<DeliveryRow, 'state' | 'deliveredAt'>>,
): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set(set)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.state, 'pending')));
}

export async function deactivateEndpoint(tx: Tx, id: string): Promise<void> {
  await tx.update(webhookEndpoints).set({ active: false }).where(eq(webhookEndpoints.id, id));
}
