import { eq, lt, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sessions } from '../../modules/identity/identity.tables';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(tx: Tx, row: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [created] = await tx.insert(sessions).values(row).returning();
  return created!;
}

export async function findSessionByTokenHash(tx: Tx, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await tx.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function touchSession(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export async function updateSessionData(tx: Tx, id: string, data: Record<string, unknown>): Promise<void> {
  await tx.update(sessions).set({ data }).where(eq(sessions.id, id));
}

export async function deleteSession(tx: Tx, id: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, id));
}

/** Removes sessions past their absolute expiry or idle since `idleBefore`. */
export async function deleteExpiredSessions(tx: Tx, now: Date, idleBefore: Date): Promise<number> {
  const gone = await tx
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)))
    .returning({ id: sessions.id });
  return gone.length;
}
