import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../app-error';
import type { FieldIssue } from '../field-errors';

/** What one multipart body may hold. Every upload route states its own. */
export type MultipartLimits = {
  /** Most files in the body. */
  files: number;
  /** Largest file, in bytes: a larger one is refused as soon as it passes the limit, not after. */
  fileSize: number;
  /** Most text fields in the body. */
  fields: number;
  /** Largest text field, in bytes: a longer value is reported as `tooLong` on its field. */
  fieldSize: number;
};

/** An uploaded file as received: spooled to a temporary file (removed when the response is sent), never held whole in memory. */
export type ReceivedFile = {
  field: string;
  /** The name the client gave, for nothing but display: never a key, a path or a content type. */
  filename: string;
  size: number;
  sha256: string;
  /** The bytes as a stream (to the file store). */
  open(): Readable;
  /** The bytes in memory, for checks that need them all (an image decoder); at most `fileSize` of them. */
  read(): Promise<Buffer>;
};

export type MultipartBody = {
  fields: Map<string, string>;
  files: Map<string, ReceivedFile>;
  /** Files under the names the caller allowed to repeat (`attachments[]`), in the order sent. */
  fileLists: Map<string, ReceivedFile[]>;
  issues: FieldIssue[];
};

export type MultipartLimit = 'fileSize' | 'files' | 'fields' | 'parts' | 'declaredSize';

/**
 * How slowly an upload may come: after `graceSeconds` the body must have arrived at `minBytesPerSecond` on average,
 * or the connection is cut (a client sending 50 bytes every 5 seconds holds a connection and a temporary file for
 * ever otherwise). Generous for a person on a poor mobile line; configured with UPLOAD_MIN_BYTES_PER_SECOND and
 * UPLOAD_GRACE_SECONDS.
 */
export type UploadPace = { minBytesPerSecond: number; graceSeconds: number };

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** How slowly an upload may come (the app's configuration: UPLOAD_MIN_BYTES_PER_SECOND, UPLOAD_GRACE_SECONDS). */
    uploadPace: UploadPace;
  }
}

/** What multipart framing may add to the parts' own bytes (boundaries, part headers): a few kilobytes in practice. */
const FRAMING_ALLOWANCE = 64 * 1024;

/** A body over one of its limits: answered 413, naming the file when a file was too large. */
export class MultipartLimitError extends Error {
  constructor(
    readonly limit: MultipartLimit,
    readonly field?: string,
    options?: ErrorOptions,
  ) {
    super(`multipart ${limit} limit exceeded${field ? ` (${field})` : ''}`, options);
    this.name = 'MultipartLimitError';
  }
}

const LIMIT_CODES: Record<string, MultipartLimit> = {
  FST_REQ_FILE_TOO_LARGE: 'fileSize',
  FST_FILES_LIMIT: 'files',
  FST_FIELDS_LIMIT: 'fields',
  FST_PARTS_LIMIT: 'parts',
};

function limitOf(err: unknown): MultipartLimit | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? LIMIT_CODES[code] : undefined;
}

const discard = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });

/** Copies a file part to a temporary file, counting and hashing on the way. */
async function spool(req: FastifyRequest, field: string, filename: string, stream: Readable & { truncated?: boolean }) {
  const tmpPath = path.join(tmpdir(), `prsp-upload-${randomBytes(12).toString('hex')}`);
  // @fastify/multipart removes these when the response has been sent (or the client went away).
  req.tmpUploads ??= [];
  req.tmpUploads.push(tmpPath);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(stream, meter, createWriteStream(tmpPath, { flags: 'wx', mode: 0o600 }));
  if (stream.truncated) throw new MultipartLimitError('fileSize', field);
  const file: ReceivedFile = {
    field,
    filename,
    size,
    sha256: hash.digest('hex'),
    open: () => createReadStream(tmpPath),
    read: () => readFile(tmpPath),
  };
  return file;
}

/**
 * Reads a multipart body part by part under `limits`: text fields into a map, files (only under the
 * names in `fileFields`) streamed to temporary files. What is wrong with a single field is collected as
 * a field issue (an unknown or repeated file, a repeated field, a value over `fieldSize`, an empty file
 * that was chosen), so the caller can answer every problem at once; a body over a count or size limit
 * throws MultipartLimitError. A file input the browser sends with nothing chosen (no name, no bytes)
 * counts as not sent. Names in `options.repeatedFiles` may come several times (`attachments[]`): their files
 * go to `fileLists`, at most `limits.files` of them in all.
 */
export async function readMultipart(
  req: FastifyRequest,
  limits: MultipartLimits,
  fileFields: ReadonlySet<string>,
  options: { repeatedFiles?: ReadonlySet<string> } = {},
): Promise<MultipartBody> {
  if (!req.isMultipart()) throw new AppError(400, { detail: 'expected a multipart/form-data body' });
  // A body that says it is larger than the limits allow is refused before a byte of it is read.
  const declared = Number(req.headers['content-length']);
  if (declared > limits.files * limits.fileSize + limits.fields * limits.fieldSize + FRAMING_ALLOWANCE)
    throw new MultipartLimitError('declaredSize');
  const stopWatching = watchPace(req, req.server.uploadPace);
  const body: MultipartBody = { fields: new Map(), files: new Map(), fileLists: new Map(), issues: [] };
  const repeated = options.repeatedFiles ?? new Set<string>();
  const busboyLimits = { ...limits, parts: limits.files + limits.fields };
  try {
    for await (const part of req.parts({ limits: busboyLimits })) {
      const name = part.fieldname;
      if (part.type === 'file' && repeated.has(name)) {
        const file = await spool(req, name, part.filename ?? '', part.file);
        if (file.size > 0) body.fileLists.set(name, [...(body.fileLists.get(name) ?? []), file]);
        else if (file.filename !== '') body.issues.push({ field: name, key: 'emptyFile' });
      } else if (part.type === 'file') {
        if (!fileFields.has(name) || body.files.has(name)) {
          await pipeline(part.file, discard());
          body.issues.push({ field: name, key: 'invalid' });
          continue;
        }
        const file = await spool(req, name, part.filename ?? '', part.file);
        if (file.size > 0) body.files.set(name, file);
        else if (file.filename !== '') body.issues.push({ field: name, key: 'emptyFile' });
      } else if (part.valueTruncated) {
        body.issues.push({ field: name, key: 'tooLong' });
      } else if (body.fields.has(name)) {
        body.issues.push({ field: name, key: 'invalid' });
      } else {
        body.fields.set(name, String(part.value));
      }
    }
  } catch (err) {
    if (err instanceof MultipartLimitError) throw err;
    const limit = limitOf(err);
    if (limit) throw new MultipartLimitError(limit, undefined, { cause: err });
    throw err;
  } finally {
    stopWatching();
  }
  return body;
}

/** Cuts the connection of an upload that comes slower than `pace` allows, checked every second; returns the stop. */
function watchPace(req: FastifyRequest, pace: UploadPace): () => void {
  const started = Date.now();
  const socket = req.raw.socket;
  const startBytes = socket.bytesRead;
  const timer = setInterval(() => {
    const seconds = (Date.now() - started) / 1000;
    if (seconds < pace.graceSeconds) return;
    if ((socket.bytesRead - startBytes) / seconds >= pace.minBytesPerSecond) return;
    clearInterval(timer);
    req.log.warn({ seconds: Math.round(seconds), bytes: socket.bytesRead - startBytes }, 'upload too slow: connection cut');
    req.raw.destroy(new Error('upload too slow'));
  }, 1000);
  timer.unref();
  return () => clearInterval(timer);
}
