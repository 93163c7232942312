import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_ATTACHMENTS_MAX } from '@prsp/contracts';
import { AppError } from '../../platform/app-error';
import type { FileStore } from '../../platform/files/file-store';
import type { FileRow } from '../../platform/files/files.tables';
import { MultipartLimitError, readMultipart, type ReceivedFile } from '../../platform/files/multipart-reader';
import { sendStoredFile } from '../../platform/files/serve-file';
import { removeStored, storeUpload, type StoredUpload } from '../../platform/files/stored-files';
import type { VirusScanner } from '../../platform/files/virus-scan';
import { throwIfFieldIssues, zodIssuesToFieldIssues } from '../../platform/field-errors';
import { scanAttachment, sniffAttachment } from '../../platform/files/attachment-check';
import { safeName } from '../chat/chat-messages.service';
import type { MultipartBodyDoc } from '../../plugins/openapi-operations';

/** The multipart field of the files (spec §3 'Send payload': arrays as repeated `name[]` entries). */
export const ATTACHMENTS_FIELD = 'attachments[]';
/** The field errors name for any problem with a file. */
const FIELD = 'attachments';

/**
 * A send's body: the text fields of its `Z…Fields` schema (the longest, a 2000-character text, fits in 16 KiB
 * of UTF-8) and up to MESSAGE_ATTACHMENTS_MAX files of at most 10 MB each, refused as soon as one passes it.
 */
export const MESSAGE_MULTIPART_LIMITS = {
  files: MESSAGE_ATTACHMENTS_MAX,
  fileSize: MESSAGE_ATTACHMENT_MAX_BYTES,
  fields: 10,
  fieldSize: 16 * 1024,
};

/** A send's multipart body for the OpenAPI document: the text fields of `fields` and the repeated attachments. */
export function messageForm(fields: z.ZodMiniType): MultipartBodyDoc {
  return { files: [{ name: ATTACHMENTS_FIELD, repeated: true }], fields };
}

/** What a send posted: its checked text fields and its files, still in temporary files (never whole in memory). */
export type MessageForm<T> = { fields: T; files: ReceivedFile[] };

/**
 * Reads a send's multipart body, files streamed to temporary files under the size limit (413 naming `attachments`
 * when one is too large: nothing of it is kept), and checks the text fields with the shared schema. Every problem
 * with the fields is answered at once (400).
 */
export async function readMessageForm<S extends z.ZodMiniType>(req: FastifyRequest, schema: S): Promise<MessageForm<z.infer<S>>> {
  let body;
  try {
    body = await readMultipart(req, MESSAGE_MULTIPART_LIMITS, new Set(), { repeatedFiles: new Set([ATTACHMENTS_FIELD]) });
  } catch (err) {
    if (err instanceof MultipartLimitError)
      throw new AppError(413, {
        fields: err.limit === 'parts' || err.limit === 'fields' ? undefined : [{ field: FIELD, key: 'attachmentTooLarge' }],
        cause: err,
      });
    throw err;
  }
  // The sender's upload allowance (a thread has one patient and its experts: the per-user count bounds it).
  const files = body.fileLists.get(ATTACHMENTS_FIELD)?.length ?? 0;
  const sender = req.patientContext?.signedInPatientId ?? req.expert?.userId;
  if (files > 0 && sender) await req.server.takeUploads(req, { userId: sender, conversationId: null }, files);
  const parsed = schema.safeParse(Object.fromEntries(body.fields));
  throwIfFieldIssues([
    ...body.issues.map((i) => (i.field === ATTACHMENTS_FIELD ? { ...i, field: FIELD } : i)),
    ...(parsed.success ? [] : zodIssuesToFieldIssues('', parsed.error.issues)),
  ]);
  return { fields: parsed.data as z.infer<S>, files: body.fileLists.get(ATTACHMENTS_FIELD) ?? [] };
}

/** An attachment that passed its checks: what its bytes are, and the name it will be shown and downloaded by. */
export type CheckedAttachment = { file: ReceivedFile; mime: string; filename: string };

/**
 * Spec §9: pdf, jpg, jpeg or png by the bytes (magic numbers, whatever the name says), and, when the virus scanner
 * is configured, clean (docs/messaging.md 'Virus scanning'). Runs before anything is stored.
 */
export async function checkAttachments(
  files: readonly ReceivedFile[],
  scanner: VirusScanner | null,
  log: FastifyBaseLogger,
): Promise<CheckedAttachment[]> {
  const checked: CheckedAttachment[] = [];
  for (const file of files) {
    const kind = await asAttachmentsField(sniffAttachment(file));
    await asAttachmentsField(scanAttachment(scanner, file, log));
    checked.push({ file, mime: kind.mime, filename: safeName(file.filename, kind.extension) });
  }
  return checked;
}

/** The chat's checks name the file's own field (`attachments[]`); a send's answer names `attachments`. */
async function asAttachmentsField<T>(check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (err) {
    if (err instanceof AppError && err.code === 400 && err.fields)
      throw new AppError(400, { fields: err.fields.map((f) => ({ ...f, field: FIELD })), cause: err });
    throw err;
  }
}

/**
 * Puts checked attachments into the file store, runs `record` (the transaction that writes their rows), and takes
 * the bytes out again if it fails: a refused or failed send leaves neither rows nor bytes behind.
 */
export async function withStoredAttachments<T>(
  store: FileStore,
  attachments: readonly CheckedAttachment[],
  log: FastifyBaseLogger,
  record: (stored: StoredUpload[]) => Promise<T>,
): Promise<T> {
  const stored: StoredUpload[] = [];
  try {
    for (const a of attachments) stored.push(await storeUpload(store, a.file, { contentType: a.mime, filename: a.filename }));
    return await record(stored);
  } catch (err) {
    await removeStored(
      store,
      stored.map((s) => s.key),
      log,
    );
    throw err;
  }
}

/** Answers an attachment the caller was found to be allowed to read: a download, never shown in the page. */
export function sendAttachment(reply: FastifyReply, store: FileStore, file: FileRow | null, conversationId: string) {
  if (!file || file.ownerKind !== 'conversation' || file.ownerId !== conversationId) throw new AppError(404);
  return sendStoredFile(reply, store, file, { disposition: 'attachment' });
}
