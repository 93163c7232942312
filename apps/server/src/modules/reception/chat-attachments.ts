import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../platform/app-error';
import type { ReceivedFile } from '../../platform/files/multipart-reader';

/** What the bytes of an allowed attachment are (spec §9: pdf, jpg, jpeg, png), and the extension its name gets. */
const ALLOWED: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** The attachment's type from its first bytes (magic numbers), never from its name or the client's content type. */
export async function sniffAttachment(file: ReceivedFile): Promise<{ mime: string; extension: string }> {
  const head = await headOf(file, 4100);
  const mime = (await fileTypeFromBuffer(head))?.mime;
  const extension = mime ? ALLOWED[mime] : undefined;
  if (!mime || !extension) throw new AppError(400, { fields: [{ field: 'file', key: 'attachmentType' }] });
  return { mime, extension };
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
