import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { apiClients } from './api-clients.tables';

export type ApiClientRow = typeof apiClients.$inferSelect;
export type NewApiClient = typeof apiClients.$inferInsert;

/** The organisation's API clients, newest first, revoked ones too. */
export function listApiClientRows(db: Db, organisationId: string): Promise<ApiClientRow[]> {
  return db
    .select()
    .from(apiClients)
    .where(eq(apiClients.organisationId, organisationId))
    .orderBy(desc(apiClients.createdAt), desc(apiClients.id));
}

export async function insertApiClient(tx: Tx, values: NewApiClient): Promise<ApiClientRow> {
  const [inserted] = await tx.insert(apiClients).values(values).returning();
  return inserted!;
}

/** The organisation's client, locked for the rest of the transaction: two revocations take turns. */
export async function lockApiClient(tx: Tx, organisationId: string, id: string): Promise<ApiClientRow | undefined> {
  const [existing] = await tx
    .select()
    .from(apiClients)
    .where(and(eq(apiClients.id, id), eq(apiClients.organisationId, organisationId)))
    .for('update');
  return existing;
}

/** Revokes the organisation's client unless it is revoked already (the first revocation's time stands). */
export async function markApiClientRevoked(tx: Tx, organisationId: string, id: string, now: Date): Promise<ApiClientRow | undefined> {
  const [row] = await tx
    .update(apiClients)
    .set({ revokedAt: now })
    .where(and(eq(apiClients.id, id), eq(apiClients.organisationId, organisationId), isNull(apiClients.revokedAt)))
    .returning();
  return row;
}

/** The client a token request names by its public `client_id`, revoked or not (the grant decides). */
export async function findApiClient(db: Db, clientId: string): Promise<ApiClientRow | undefined> {
  const [client] = await db.select().from(apiClients).where(eq(apiClients.clientId, clientId)).limit(1);
  return client;
}

/** Stamps when the client last got a token, for the admin's list. */
export async function stampApiClientUse(db: Db, id: string, now: Date): Promise<void> {
  await db.update(apiClients).set({ lastUsedAt: now }).where(eq(apiClients.id, id));
}
