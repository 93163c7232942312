import { and, eq, gt, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { testIdpEntries } from './test-idp.tables';

export type TestIdpEntry = typeof testIdpEntries.$inferSelect;
export type NewTestIdpEntry = Omit<typeof testIdpEntries.$inferInsert, 'consumedAt'>;

/** Writes the entry whole; a consumed entry stays consumed (a code used once is never usable again). */
export async function upsertEntry(tx: Tx, entry: NewTestIdpEntry): Promise<void> {
  const { model: _model, id: _id, ...changes } = entry;
  await tx
    .insert(testIdpEntries)
    .values(entry)
    .onConflictDoUpdate({ target: [testIdpEntries.model, testIdpEntries.id], set: changes });
}

/** Writes the entry unless one with its model and id exists: the first of several racing writers wins. */
export async function insertEntryIfAbsent(tx: Tx, entry: NewTestIdpEntry): Promise<void> {
  await tx.insert(testIdpEntries).values(entry).onConflictDoNothing();
}

/** The model's entry with this id, uid or user code, unless it has expired by `now`. */
export async function findEntry(
  tx: Tx,
  model: string,
  by: { id: string } | { uid: string } | { userCode: string },
  now: Date,
): Promise<TestIdpEntry | undefined> {
  const match =
    'id' in by ? eq(testIdpEntries.id, by.id) : 'uid' in by ? eq(testIdpEntries.uid, by.uid) : eq(testIdpEntries.userCode, by.userCode);
  const [row] = await tx
    .select()
    .from(testIdpEntries)
    .where(and(eq(testIdpEntries.model, model), match, notExpired(now)))
    .limit(1);
  return row;
}

export async function consumeEntry(tx: Tx, model: string, id: string, now: Date): Promise<void> {
  await tx
    .update(testIdpEntries)
    .set({ consumedAt: now })
    .where(and(eq(testIdpEntries.model, model), eq(testIdpEntries.id, id)));
}

export async function deleteEntry(tx: Tx, model: string, id: string): Promise<void> {
  await tx.delete(testIdpEntries).where(and(eq(testIdpEntries.model, model), eq(testIdpEntries.id, id)));
}

export async function deleteEntriesOfGrant(tx: Tx, model: string, grantId: string): Promise<void> {
  await tx.delete(testIdpEntries).where(and(eq(testIdpEntries.model, model), eq(testIdpEntries.grantId, grantId)));
}

/** Deletes every entry that expired before `now`; returns how many. */
export async function deleteExpiredEntries(tx: Tx, now: Date): Promise<number> {
  const rows = await tx.delete(testIdpEntries).where(lt(testIdpEntries.expiresAt, now)).returning({ id: testIdpEntries.id });
  return rows.length;
}

function notExpired(now: Date): SQL {
  return or(isNull(testIdpEntries.expiresAt), gt(testIdpEntries.expiresAt, now))!;
}
