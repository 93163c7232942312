import { and, asc, eq, like, max, or } from 'drizzle-orm';
import type { OpeningHours, WhenNobodyOnDuty } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import { chatQueues, services } from '../../db/schema';

export type ServiceRow = typeof services.$inferSelect;
export type ServiceValues = Pick<
  typeof services.$inferInsert,
  'name' | 'description' | 'icon' | 'chatQueueId' | 'requiresCode' | 'selfAssessment' | 'areas' | 'openTimeKind'
>;

export function listOrganisationServices(tx: Tx, organisationId: string): Promise<ServiceRow[]> {
  return tx
    .select()
    .from(services)
    .where(eq(services.organisationId, organisationId))
    .orderBy(asc(services.position), asc(services.createdAt), asc(services.id));
}

/** One service, only when it belongs to the organisation. */
export async function findOrganisationService(tx: Tx, organisationId: string, id: string): Promise<ServiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(services)
    .where(and(eq(services.organisationId, organisationId), eq(services.id, id)))
    .limit(1);
  return row;
}

export async function slugsLike(tx: Tx, organisationId: string, base: string): Promise<Set<string>> {
  const rows = await tx
    .select({ slug: services.slug })
    .from(services)
    .where(and(eq(services.organisationId, organisationId), or(eq(services.slug, base), like(services.slug, `${base}-%`))));
  return new Set(rows.map((r) => r.slug));
}

export async function nextPosition(tx: Tx, organisationId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(services.position) })
    .from(services)
    .where(eq(services.organisationId, organisationId));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export async function insertService(
  tx: Tx,
  row: ServiceValues & { organisationId: string; slug: string; position: number },
): Promise<ServiceRow> {
  const [created] = await tx.insert(services).values(row).returning();
  return created!;
}

export async function updateService(tx: Tx, organisationId: string, id: string, values: ServiceValues): Promise<ServiceRow | undefined> {
  const [row] = await tx
    .update(services)
    .set(values)
    .where(and(eq(services.organisationId, organisationId), eq(services.id, id)))
    .returning();
  return row;
}

export async function deleteService(tx: Tx, organisationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(services)
    .where(and(eq(services.organisationId, organisationId), eq(services.id, id)))
    .returning({ id: services.id });
  return rows.length === 1;
}

/** The opening hours of one of the organisation's queues and what it does when nobody is on duty; undefined when it has no such queue. */
export async function queueOpeningHours(
  tx: Tx,
  organisationId: string,
  queueId: string,
): Promise<{ openingHours: OpeningHours; whenNobodyOnDuty: WhenNobodyOnDuty } | undefined> {
  const [row] = await tx
    .select({ openingHours: chatQueues.openingHours, whenNobodyOnDuty: chatQueues.whenNobodyOnDuty })
    .from(chatQueues)
    .where(and(eq(chatQueues.organisationId, organisationId), eq(chatQueues.id, queueId)))
    .limit(1);
  return row;
}

/** Puts the listed services first, in the listed order; the others keep their order after them. */
export async function reorderServices(tx: Tx, organisationId: string, orderedIds: string[]): Promise<void> {
  const current = await listOrganisationServices(tx, organisationId);
  const rest = current.map((s) => s.id).filter((id) => !orderedIds.includes(id));
  const order = [...orderedIds, ...rest];
  for (const [position, id] of order.entries()) {
    await tx
      .update(services)
      .set({ position })
      .where(and(eq(services.organisationId, organisationId), eq(services.id, id)));
  }
}
