import type { Tx } from '../../db/client';
import { newFileKey, type FileStore } from './file-store';
import { deleteFiles, deleteFilesOfOwners, insertFile } from './files.repo';
import type { FileOwnerKind, FileRow } from './files.tables';
import type { ReceivedFile } from './multipart-reader';

/** An upload put into the store, not yet recorded: its key, and what the checks found it to be. */
export type StoredUpload = { key: string; contentType: string; size: number; sha256: string; filename: string };

/**
 * Streams a checked upload into the store under a new random key. It goes in before the database
 * transaction that records it (a store may be slow; a locked row should not wait for it): if that
 * transaction fails, `removeStored` takes the bytes out again.
 * `contentType` is what the bytes were found to be, `filename` a name the server made.
 */
export async function storeUpload(
  store: FileStore,
  file: ReceivedFile,
  meta: { contentType: string; filename: string },
): Promise<StoredUpload> {
  const key = newFileKey();
  await store.put(key, file.open(), { size: file.size, contentType: meta.contentType });
  return { key, contentType: meta.contentType, size: file.size, sha256: file.sha256, filename: meta.filename };
}

/** Records a stored upload as its owner's file; answers the row (its id is what the owner references). */
export function recordFile(tx: Tx, stored: StoredUpload, owner: { kind: FileOwnerKind; id: string }): Promise<FileRow> {
  return insertFile(tx, { ...stored, ownerKind: owner.kind, ownerId: owner.id });
}

/** Deletes file rows in the caller's transaction; answers their keys, for removeStored once it has committed. */
export function forgetFiles(tx: Tx, ids: string[]): Promise<string[]> {
  return deleteFiles(tx, ids);
}

/** Deletes the rows of every file the owners hold (their owners are going); answers their keys, for removeStored. */
export function forgetFilesOf(tx: Tx, ownerKind: FileOwnerKind, ownerIds: string[]): Promise<string[]> {
  return deleteFilesOfOwners(tx, ownerKind, ownerIds);
}

/**
 * Removes bytes no row points at any more: replaced files once their transaction has committed, new
 * uploads when it has not. A failure leaves an unreferenced object behind (logged with its key, never
 * served), not an error for the user whose change already succeeded or already failed.
 */
export async function removeStored(
  store: FileStore,
  keys: readonly string[],
  log?: { warn(obj: Record<string, unknown>, msg: string): void },
): Promise<void> {
  for (const key of keys) {
    try {
      await store.delete(key);
    } catch (err) {
      log?.warn({ err, key }, 'could not remove a stored file; it is no longer referenced');
    }
  }
}
