import { IMAGE_MIME_TYPES, IMAGE_RULES, MAX_IMAGE_BYTES, type FieldMessageKey, type OrganisationImageKind } from '@prsp/contracts';
import { decodeImage, headerSize, sniffContentType } from '../../platform/files/image-decode';
import type { ReceivedFile } from '../../platform/files/multipart-reader';

export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

/** A theme image that passed the checks: the uploaded file and the type its bytes were found to be. */
export type CheckedImage = { contentType: ImageMimeType; file: ReceivedFile };

export type ImageCheckResult = { ok: true; image: { contentType: ImageMimeType } } | { ok: false; key: FieldMessageKey };

/**
 * Checks an uploaded theme image on its bytes, never on the name or the type the browser claims:
 * the format is sniffed (PNG, JPEG or WebP only — an SVG could carry script into every patient's page),
 * the pixel size read from the header must be exactly the spec's (§9: logo 256×128, background 1900×1080),
 * and then the whole image is decoded, so a truncated or damaged file is refused (`imageCorrupt`) instead
 * of showing as a broken image to every patient. The size is checked before decoding, which bounds the
 * memory the decoder takes.
 */
export async function checkOrganisationImage(kind: OrganisationImageKind, data: Buffer): Promise<ImageCheckResult> {
  if (data.length > MAX_IMAGE_BYTES) return { ok: false, key: 'fileTooLarge' };
  if (data.length === 0) return { ok: false, key: 'emptyFile' };
  const sniffed = await sniffContentType(data);
  const mime = IMAGE_MIME_TYPES.find((m) => m === sniffed);
  if (!mime) return { ok: false, key: 'imageType' };
  const size = headerSize(data);
  if (!size) return { ok: false, key: 'imageCorrupt' };
  const want = IMAGE_RULES[kind];
  if (size.width !== want.width || size.height !== want.height) return { ok: false, key: 'imageSize' };
  try {
    const decoded = decodeImage(mime, data);
    if (decoded.width !== want.width || decoded.height !== want.height) return { ok: false, key: 'imageCorrupt' };
  } catch {
    return { ok: false, key: 'imageCorrupt' };
  }
  return { ok: true, image: { contentType: mime } };
}

/** The same checks on a received upload (read into memory: at most MAX_IMAGE_BYTES by the multipart limits). */
export async function checkUploadedImage(
  kind: OrganisationImageKind,
  file: ReceivedFile,
): Promise<{ ok: true; image: CheckedImage } | { ok: false; key: FieldMessageKey }> {
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, key: 'fileTooLarge' };
  const result = await checkOrganisationImage(kind, await file.read());
  return result.ok ? { ok: true, image: { contentType: result.image.contentType, file } } : result;
}

const EXTENSIONS: Record<ImageMimeType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** The name a theme image is served under: the kind and the sniffed type's extension, nothing the client sent. */
export function organisationImageFilename(kind: OrganisationImageKind, contentType: string): string {
  const ext = EXTENSIONS[contentType as ImageMimeType] ?? 'bin';
  return `${kind}.${ext}`;
}
