import type { ApiClient, ApiClientCreate, ApiClientCreated } from '@prsp/contracts';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { recordAudit } from '../../platform/audit/audit';
import { randomToken, sha256 } from '../../platform/crypto/tokens';
import { organisationOf, type AdminActor } from '../../platform/access/admin-actor';
import * as repo from './api-clients.repo';

type Row = repo.ApiClientRow;

function toClient(row: Row): ApiClient {
  return {
    id: row.id,
    name: row.name,
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    scopes: row.scopes,
  };
}

async function audit(tx: Tx, actor: AdminActor, action: string, id: string, details?: Record<string, unknown>): Promise<void> {
  await recordAudit(tx, {
    actorType: 'staff',
    actorId: actor.staff.userId,
    action,
    objectType: 'apiClient',
    objectId: id,
    ip: actor.ip,
    details,
  });
}

/** The organisation's API clients, newest first, revoked ones too (an admin sees what was cut off and when). */
export async function listApiClients(db: Db, actor: AdminActor): Promise<ApiClient[]> {
  const rows = await repo.listApiClientRows(db, organisationOf(actor));
  return rows.map(toClient);
}

/**
 * Makes a client with the scopes the admin chose, a random `client_id` and a 256-bit secret, answered once. The
 * secret is random and long, so a plain SHA-256 stores it safely (a slow password hash guards guessable secrets, and would slow every token request).
 */
export async function createApiClient(db: Db, actor: AdminActor, input: ApiClientCreate): Promise<ApiClientCreated> {
  const clientSecret = randomToken();
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertApiClient(tx, {
      organisationId: organisationOf(actor),
      name: input.name,
      clientId: `prsp-${randomToken().slice(0, 24)}`,
      secretHash: sha256(clientSecret),
      scopes: input.scopes,
      createdBy: actor.staff.userId,
    });
    // What was granted is part of the record: it says what the integration could read.
    await audit(tx, actor, 'apiClient.create', inserted.id, { scopes: input.scopes });
    return inserted;
  });
  return { client: toClient(row), clientSecret };
}

/** Revokes a client of the admin's organisation (404 for another's or an unknown one); its tokens stop working at once. */
export async function revokeApiClient(db: Db, actor: AdminActor, id: string, now = new Date()): Promise<ApiClient> {
  return db.transaction(async (tx) => {
    const existing = await repo.lockApiClient(tx, organisationOf(actor), id);
    if (!existing) throw new AppError(404);
    if (existing.revokedAt) return toClient(existing);
    const row = await repo.markApiClientRevoked(tx, organisationOf(actor), id, now);
    await audit(tx, actor, 'apiClient.revoke', id);
    return toClient(row!);
  });
}
