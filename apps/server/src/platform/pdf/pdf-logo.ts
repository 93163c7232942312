import { decodeImage, headerSize, sniffContentType } from '../files/image-decode';
import { encodeImage } from '../files/image-scale';
import type { PdfLogo } from './pdf-document';

/** A logo is small (the spec's 256×128): anything much larger is not decoded for a PDF. */
const MAX_LOGO_PIXELS = 2_000_000;

/**
 * An organisation's logo as a PDF can print it: PNG and JPEG as they are (pdfkit draws both), WebP (which admins may
 * upload, but pdfkit cannot draw) decoded and written again as PNG. Null for anything else or an image that does not
 * decode: the PDF then prints the organisation's name alone. The type is read from the bytes, not from a record.
 */
export async function printableLogo(data: Buffer): Promise<PdfLogo | null> {
  const type = await sniffContentType(data);
  if (type === 'image/png' || type === 'image/jpeg') return { data };
  if (type !== 'image/webp') return null;
  const size = headerSize(data);
  if (!size || size.width * size.height > MAX_LOGO_PIXELS) return null;
  try {
    return { data: encodeImage(decodeImage('image/webp', data), 'image/png') };
  } catch {
    return null;
  }
}
