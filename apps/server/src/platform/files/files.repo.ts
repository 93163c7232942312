import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { files, type FileRow } from './files.tables';

export type NewFileRow = typeof files.$inferInsert;

export async function insertFile(tx: Tx, values: NewFileRow): Promise<FileRow> {
  const [row] = await tx.insert(files).values(values).returning();
  return row!;
}

export async function findFileById(tx: Tx, id: string): Promise<FileRow | undefined> {
  const [row] = await tx.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/** Deletes the rows and answers their store keys (to remove the bytes once the transaction commits). */
export async function deleteFiles(tx: Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.delete(files).where(inArray(files.id, ids)).returning({ key: files.key });
  return rows.map((r) => r.key);
}

/** Deletes the rows of every file these owners hold and answers their store keys. */
export async function deleteFilesOfOwners(tx: Tx, ownerKind: FileRow['ownerKind'], ownerIds: string[]): Promise<string[]> {
  if (ownerIds.length === 0) return [];
  const rows = await tx
    .delete(files)
    .where(and(eq(files.ownerKind, ownerKind), inArray(files.ownerId, ownerIds)))
    .returning({ key: files.key });
  return rows.map((r) => r.key);
}
