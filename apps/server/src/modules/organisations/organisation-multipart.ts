import type { FastifyRequest } from 'fastify';
import { MAX_FORM_FIELD_BYTES, MAX_IMAGE_BYTES, ORGANISATION_IMAGE_KINDS } from '@prsp/contracts';
import { AppError } from '../../platform/app-error';
import type { FieldIssue } from '../../platform/field-errors';
import { MultipartLimitError, readMultipart } from '../../platform/files/multipart-reader';
import type { RawOrganisationForm } from './organisation-form';

/** Limits of the organisation form: four images of 2 MB, text fields up to 256 KB. */
export const ORGANISATION_MULTIPART_LIMITS = {
  files: ORGANISATION_IMAGE_KINDS.length,
  fileSize: MAX_IMAGE_BYTES,
  fieldSize: MAX_FORM_FIELD_BYTES,
  fields: 100,
  parts: 110,
};

const FILE_FIELDS: ReadonlySet<string> = new Set(ORGANISATION_IMAGE_KINDS);

/**
 * Reads the organisation form with the shared streaming reader: images are spooled to temporary files
 * (never the whole body in memory). A file over 2 MB is answered 413 naming its field, too many files or
 * fields 413; per-field problems (too long, repeated, unknown or empty file) come back as issues.
 */
export async function readOrganisationMultipart(req: FastifyRequest): Promise<{ raw: RawOrganisationForm; issues: FieldIssue[] }> {
  try {
    const body = await readMultipart(req, ORGANISATION_MULTIPART_LIMITS, FILE_FIELDS);
    return { raw: { fields: body.fields, files: body.files }, issues: body.issues };
  } catch (err) {
    if (err instanceof MultipartLimitError) {
      const fields = err.limit === 'fileSize' && err.field ? [{ field: err.field, key: 'fileTooLarge' as const }] : undefined;
      throw new AppError(413, { fields, cause: err });
    }
    throw err;
  }
}
