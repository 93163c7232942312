import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  fitsImageAspect,
  IMAGE_MAX_MEGAPIXELS,
  IMAGE_MIME_TYPES,
  IMAGE_RULES,
  MAX_IMAGE_BYTES,
  type FieldMessageKey,
  type OrganisationImageKind,
} from '@prsp/contracts';
import { decodeImage, headerSize, sniffContentType } from '../../platform/files/image-decode';
import { encodeImage, scaleImage } from '../../platform/files/image-scale';
import type { ReceivedFile } from '../../platform/files/multipart-reader';

export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

/** A theme image that passed the checks: the file to store (the upload, or its scaled copy) and its type. */
export type CheckedImage = { contentType: ImageMimeType; file: ReceivedFile };

/** The image as it is to be stored: `scaled` holds new bytes when the upload was not the spec's size. */
export type ImageCheckResult = { ok: true; image: { contentType: ImageMimeType; scaled?: Buffer } } | { ok: false; key: FieldMessageKey };

/**
 * Checks an uploaded theme image on its bytes, never on the name or the type the browser claims:
 * the format is sniffed (PNG, JPEG or WebP only — an SVG could carry script into every patient's page),
 * the shape read from the header must be the spec's (§9: logo 256×128, background 1900×1080, within
 * IMAGE_ASPECT_TOLERANCE; `imageSize` otherwise), and then the whole image is decoded, so a truncated or
 * damaged file is refused (`imageCorrupt`) instead of showing as a broken image to every patient. The pixel
 * count is checked before decoding, which bounds the memory the decoder takes. An image of the right shape
 * but another size is scaled to the spec's size, so every patient's page gets the size it was laid out for:
 * a JPEG stays a JPEG, a PNG or WebP becomes a PNG (no WebP encoder here; PNG keeps the transparency).
 */
export async function checkOrganisationImage(kind: OrganisationImageKind, data: Buffer): Promise<ImageCheckResult> {
  if (data.length > MAX_IMAGE_BYTES) return { ok: false, key: 'fileTooLarge' };
  if (data.length === 0) return { ok: false, key: 'emptyFile' };
  const sniffed = await sniffContentType(data);
  const mime = IMAGE_MIME_TYPES.find((m) => m === sniffed);
  if (!mime) return { ok: false, key: 'imageType' };
  const size = headerSize(data);
  if (!size) return { ok: false, key: 'imageCorrupt' };
  if (!fitsImageAspect(kind, size.width, size.height) || size.width * size.height > IMAGE_MAX_MEGAPIXELS * 1_000_000) {
    return { ok: false, key: 'imageSize' };
  }
  let decoded;
  try {
    decoded = decodeImage(mime, data, IMAGE_MAX_MEGAPIXELS);
  } catch {
    return { ok: false, key: 'imageCorrupt' };
  }
  if (decoded.width !== size.width || decoded.height !== size.height) return { ok: false, key: 'imageCorrupt' };
  const want = IMAGE_RULES[kind];
  if (decoded.width === want.width && decoded.height === want.height) return { ok: true, image: { contentType: mime } };
  const contentType = mime === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  return { ok: true, image: { contentType, scaled: encodeImage(scaleImage(decoded, want.width, want.height), contentType) } };
}

/** The same checks on a received upload (read into memory: at most MAX_IMAGE_BYTES by the multipart limits). */
export async function checkUploadedImage(
  kind: OrganisationImageKind,
  file: ReceivedFile,
): Promise<{ ok: true; image: CheckedImage } | { ok: false; key: FieldMessageKey }> {
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, key: 'fileTooLarge' };
  const result = await checkOrganisationImage(kind, await file.read());
  if (!result.ok) return result;
  const { contentType, scaled } = result.image;
  return { ok: true, image: { contentType, file: scaled ? scaledFile(file, scaled) : file } };
}

/** The scaled bytes in place of the upload: what the file store is given and what its row records (size, hash). */
function scaledFile(upload: ReceivedFile, data: Buffer): ReceivedFile {
  return {
    field: upload.field,
    filename: upload.filename,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    open: () => Readable.from([data]),
    read: () => Promise.resolve(data),
  };
}

const EXTENSIONS: Record<ImageMimeType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** The name a theme image is served under: the kind and the sniffed type's extension, nothing the client sent. */
export function organisationImageFilename(kind: OrganisationImageKind, contentType: string): string {
  const ext = EXTENSIONS[contentType as ImageMimeType] ?? 'bin';
  return `${kind}.${ext}`;
}
