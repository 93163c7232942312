import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import { preparedPerDatabase, type Db, type Tx } from '../../db/client';
import { sessions } from './sessions.tables';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(tx: Tx, row: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [created] = await tx.insert(sessions).values(row).returning();
  return created!;
}

// Read on every request the read-model cache does not answer: prepared once per database, not built each time.
const sessionByTokenHash = preparedPerDatabase((db) =>
  db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token_hash'),
);

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await sessionByTokenHash(db).execute({ tokenHash });
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

/** Sets (or with null clears) the person a session acts for. */
export async function setActingFor(tx: Tx, sessionId: string, patientId: string | null): Promise<void> {
  await tx.update(sessions).set({ actingForPatientId: patientId }).where(eq(sessions.id, sessionId));
}

/** Ends a staff user's sessions, all of them or all but `exceptSessionId`; returns how many ended. */
export async function deleteStaffSessions(tx: Tx, userId: string, exceptSessionId?: string): Promise<number> {
  const gone = await tx
    .delete(sessions)
    .where(exceptSessionId ? and(eq(sessions.staffUserId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.staffUserId, userId))
    .returning({ id: sessions.id });
  return gone.length;
}

export async function setSessionOrganisation(tx: Tx, sessionId: string, organisationId: string): Promise<void> {
  await tx.update(sessions).set({ organisationId }).where(eq(sessions.id, sessionId));
}

/** Ends the user's expert sessions in the organisation: they no longer work there. */
export async function deleteExpertSessions(tx: Tx, userId: string, organisationId: string): Promise<void> {
  await tx
    .delete(sessions)
    .where(and(eq(sessions.staffUserId, userId), eq(sessions.appRole, 'expert'), eq(sessions.organisationId, organisationId)));
}
