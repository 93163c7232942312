import type { FastifyReply } from 'fastify';
import { AppError } from '../app-error';
import { FileNotFoundError, type FileStore } from './file-store';

/**
 * A `Content-Disposition` value that no file name can break: the plain `filename` keeps only safe ASCII
 * (the rest becomes `_`), the full name goes percent-encoded in `filename*` (RFC 6266, RFC 8187).
 * Any directory part is dropped.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  // Control characters (line breaks among them) are dropped, the last path segment kept.
  const base = [...filename.split(/[\\/]/).pop()!].filter((c) => c >= ' ' && c !== '\u007f').join('');
  const ascii =
    base
      // Letters with marks keep their base letter (päivä → paiva); anything else outside safe ASCII becomes `_`.
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._ -]/g, '_')
      .replace(/^[.\s]+/, '')
      .slice(0, 120) || 'file';
  if (ascii === base) return `${type}; filename="${ascii}"`;
  const encoded = encodeURIComponent(base).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export type ServedFile = { key: string; contentType: string; size: number; filename: string };

export type ServeOptions = {
  /** `attachment` for documents (downloaded, never shown in the page's origin); `inline` for images on a page. */
  disposition: 'inline' | 'attachment';
  /** Default: `private, no-store` (files usually belong to someone). */
  cacheControl?: string;
};

/** Headers every stored file is answered with, whatever its route: the recorded type, and nothing to sniff or run. */
export function fileHeaders(file: { contentType: string; filename: string }, opts: ServeOptions): Record<string, string> {
  return {
    'content-type': file.contentType,
    'content-disposition': contentDisposition(opts.disposition, file.filename),
    'x-content-type-options': 'nosniff',
    // Opened on its own, the file may run nothing and load nothing.
    'content-security-policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    'cache-control': opts.cacheControl ?? 'private, no-store',
  };
}

/**
 * Streams a stored file as the answer. Call it only from a route that has checked the caller may see the
 * file's owner: the store itself knows no access rules. The content type is the one recorded at upload,
 * never the client's. Bytes missing from the store answer 404 (and are logged: the row says they exist).
 */
export async function sendStoredFile(reply: FastifyReply, store: FileStore, file: ServedFile, opts: ServeOptions): Promise<FastifyReply> {
  let body;
  try {
    body = await store.get(file.key);
  } catch (err) {
    if (err instanceof FileNotFoundError) {
      reply.log.error({ key: file.key }, 'a recorded file is missing from the file store');
      throw new AppError(404, { cause: err });
    }
    throw err;
  }
  return reply.headers(fileHeaders(file, opts)).header('content-length', String(file.size)).send(body);
}
