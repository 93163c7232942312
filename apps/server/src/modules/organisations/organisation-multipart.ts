import type { FastifyRequest } from 'fastify';
import { MAX_FORM_FIELD_BYTES, MAX_IMAGE_BYTES, ORGANISATION_IMAGE_KINDS, type Language } from '@prsp/contracts';
import { AppError } from '../../platform/app-error';
import { toFieldErrors, type FieldIssue } from '../../platform/field-errors';
import type { RawOrganisationForm } from './organisation-form';

/** @fastify/multipart limits of the organisation form: four images of 2 MB, text fields up to 256 KB. */
export const ORGANISATION_MULTIPART_LIMITS = {
  files: ORGANISATION_IMAGE_KINDS.length,
  fileSize: MAX_IMAGE_BYTES,
  fieldSize: MAX_FORM_FIELD_BYTES,
  fields: 100,
  parts: 110,
};

const FILE_FIELDS = new Set<string>(ORGANISATION_IMAGE_KINDS);

function isLimitError(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === code;
}

/**
 * Reads the whole multipart body into memory (it is small by the limits above). A file over 2 MB is
 * answered 413 naming its field; a truncated text field counts as too long; an empty file input
 * (the browser sends one when nothing was chosen) counts as not sent.
 */
export async function readOrganisationMultipart(
  req: FastifyRequest,
  lang: Language,
): Promise<{ raw: RawOrganisationForm; issues: FieldIssue[] }> {
  if (!req.isMultipart()) throw new AppError(400, { detail: 'organisation form must be multipart/form-data' });
  const raw: RawOrganisationForm = { fields: new Map(), files: new Map() };
  const issues: FieldIssue[] = [];
  let current = '';
  try {
    for await (const part of req.parts()) {
      current = part.fieldname;
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!FILE_FIELDS.has(part.fieldname) || raw.files.has(part.fieldname)) issues.push({ field: part.fieldname, key: 'invalid' });
        else if (data.length > 0) raw.files.set(part.fieldname, data);
      } else if (part.valueTruncated) {
        issues.push({ field: part.fieldname, key: 'tooLong' });
      } else if (raw.fields.has(part.fieldname)) {
        issues.push({ field: part.fieldname, key: 'invalid' });
      } else {
        raw.fields.set(part.fieldname, String(part.value));
      }
    }
  } catch (err) {
    if (isLimitError(err, 'FST_REQ_FILE_TOO_LARGE')) {
      throw new AppError(413, { fields: toFieldErrors([{ field: current, key: 'fileTooLarge' }], lang), cause: err });
    }
    if (isLimitError(err, 'FST_FILES_LIMIT') || isLimitError(err, 'FST_FIELDS_LIMIT') || isLimitError(err, 'FST_PARTS_LIMIT')) {
      throw new AppError(413, { cause: err });
    }
    throw err;
  }
  return { raw, issues };
}
