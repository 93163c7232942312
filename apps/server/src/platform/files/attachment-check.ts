import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../app-error';
import { decodeImage, headerSize } from './image-decode';
import type { ReceivedFile } from './multipart-reader';
import type { VirusScanner } from './virus-scan';

/** What the bytes of an allowed attachment are (spec §9: pdf, jpg, jpeg, png), and the extension its name gets. */
const ALLOWED: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The most pixels an attached photo may have: a phone's full-size photo fits; decoding takes 4 bytes a pixel. */
export const ATTACHMENT_MAX_MEGAPIXELS = 40;

/**
 * The attachment's type from its first bytes (magic numbers), never from its name or the client's content type. An
 * image is then decoded in full, as organisation images are: a truncated or damaged PNG or JPEG is refused
 * (`imageCorrupt`) instead of reaching the other side as a broken picture; its header's size is checked first,
 * which bounds the memory the decoder takes.
 */
export async function sniffAttachment(file: ReceivedFile): Promise<{ mime: string; extension: string }> {
  const head = await headOf(file, 4100);
  const mime = (await fileTypeFromBuffer(head))?.mime;
  const extension = mime ? ALLOWED[mime] : undefined;
  if (!mime || !extension) throw new AppError(400, { fields: [{ field: file.field, key: 'attachmentType' }] });
  if (mime === 'image/png' || mime === 'image/jpeg') {
    const data = await file.read();
    const size = headerSize(data);
    if (!size) throw new AppError(400, { fields: [{ field: file.field, key: 'imageCorrupt' }] });
    if (size.width * size.height > ATTACHMENT_MAX_MEGAPIXELS * 1_000_000)
      throw new AppError(400, { fields: [{ field: file.field, key: 'attachmentPixels' }] });
    try {
      decodeImage(mime, data, ATTACHMENT_MAX_MEGAPIXELS);
    } catch {
      throw new AppError(400, { fields: [{ field: file.field, key: 'imageCorrupt' }] });
    }
  }
  return { mime, extension };
}

/**
 * Refuses an infected attachment before anything is stored (400 naming the file). No scanner configured: nothing to
 * do; a scanner that cannot answer throws 500 (the upload is refused, never stored unscanned: see virus-scan.ts).
 */
export async function scanAttachment(scanner: VirusScanner | null, file: ReceivedFile, log: FastifyBaseLogger): Promise<void> {
  if (!scanner) return;
  const verdict = await scanner.scan(file);
  if (!verdict.infected) return;
  // The signature and the file's hash let an administrator follow up; the name the client gave may identify a person.
  log.warn({ signature: verdict.signature, sha256: file.sha256, size: file.size }, 'infected upload refused');
  throw new AppError(400, { fields: [{ field: file.field, key: 'attachmentInfected' }] });
}

/** The first `n` bytes of the spooled file, without reading the rest of it. */
async function headOf(file: ReceivedFile, n: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.open()) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= n) break;
  }
  return Buffer.concat(chunks).subarray(0, n);
}
