import { contentDisposition } from '../../platform/files/serve-file';

/** Types an attachment keeps when downloaded; anything else (HTML, SVG, scripts) is sent as bytes to save. */
const KEPT_TYPES = ['text/calendar', 'text/plain', 'text/csv', 'application/pdf', 'image/png', 'image/jpeg'];

/**
 * The headers of a caught attachment's download: always `Content-Disposition: attachment` (RFC 6266, with the UTF-8
 * name in `filename*`), `nosniff`, and the stored type only when it is a harmless one, so a message cannot make the
 * browser render its content inside the service's origin.
 */
export function attachmentHeaders(file: { filename: string; contentType: string }): Record<string, string> {
  const base = file.contentType.split(';')[0]!.trim().toLowerCase();
  const type = KEPT_TYPES.includes(base) ? (base.startsWith('text/') ? `${base}; charset=utf-8` : base) : 'application/octet-stream';
  return {
    'content-type': type,
    'content-disposition': contentDisposition('attachment', file.filename),
    'x-content-type-options': 'nosniff',
  };
}
