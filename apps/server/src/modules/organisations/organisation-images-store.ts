import type { FastifyBaseLogger } from 'fastify';
import type { OrganisationImageKind } from '@prsp/contracts';
import type { Tx } from '../../db/client';
import type { FileStore } from '../../platform/files/file-store';
import { forgetFiles, recordFile, removeStored, storeUpload, type StoredUpload } from '../../platform/files/stored-files';
import type { OrganisationForm } from './organisation-form';
import { organisationImageFilename, type CheckedImage } from './organisation-images';
import * as repo from './organisations-admin.repo';

/** The file store the theme images go to, and where to report bytes it could not remove. */
export type ImageFiles = { store: FileStore; log?: FastifyBaseLogger };

export type StoredImage = { kind: OrganisationImageKind; upload: StoredUpload };

/**
 * Runs `work` (one transaction) with the form's new images already in the file store: `work` records them
 * with saveImages and collects the keys of the files they replace. Those bytes go once `work` has
 * succeeded; if it fails, the new bytes go instead. Either way no row points at missing bytes.
 */
export async function withStoredImages<T>(
  files: ImageFiles,
  form: OrganisationForm,
  work: (stored: StoredImage[], replaced: string[]) => Promise<T>,
): Promise<T> {
  const stored: StoredImage[] = [];
  const replaced: string[] = [];
  let result: T;
  try {
    for (const [kind, image] of Object.entries(form.images) as [OrganisationImageKind, CheckedImage][]) {
      const filename = organisationImageFilename(kind, image.contentType);
      stored.push({ kind, upload: await storeUpload(files.store, image.file, { contentType: image.contentType, filename }) });
    }
    result = await work(stored, replaced);
  } catch (err) {
    await removeStored(
      files.store,
      stored.map((s) => s.upload.key),
      files.log,
    );
    throw err;
  }
  await removeStored(files.store, replaced, files.log);
  return result;
}

/** Records the stored images as the organisation's (and removes the background when asked); answers the replaced files' keys. */
export async function saveImages(tx: Tx, organisationId: string, stored: StoredImage[], removeBackground: boolean): Promise<string[]> {
  const old: string[] = [];
  for (const { kind, upload } of stored) {
    const file = await recordFile(tx, upload, { kind: 'organisation', id: organisationId });
    const previous = await repo.setImageFile(tx, organisationId, kind, file.id);
    if (previous) old.push(previous);
  }
  if (removeBackground && !stored.some((s) => s.kind === 'background')) {
    const previous = await repo.deleteImage(tx, organisationId, 'background');
    if (previous) old.push(previous);
  }
  return forgetFiles(tx, old);
}
