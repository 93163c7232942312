import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { IMAGE_MIME_TYPES, IMAGE_RULES, MAX_IMAGE_BYTES, type FieldMessageKey, type OrganisationImageKind } from '@prsp/contracts';

export type CheckedImage = { contentType: (typeof IMAGE_MIME_TYPES)[number]; data: Buffer };

/**
 * Checks an uploaded theme image on its bytes, never on the name or the type the browser claims:
 * the format is sniffed (PNG, JPEG or WebP only — an SVG could carry script into every patient's page)
 * and the pixel size read from the image header must be exactly the spec's (§9: logo 256×128, background 1900×1080).
 */
export async function checkOrganisationImage(
  kind: OrganisationImageKind,
  data: Buffer,
): Promise<{ ok: true; image: CheckedImage } | { ok: false; key: FieldMessageKey }> {
  if (data.length > MAX_IMAGE_BYTES) return { ok: false, key: 'fileTooLarge' };
  const type = await fileTypeFromBuffer(data);
  const mime = IMAGE_MIME_TYPES.find((m) => m === type?.mime);
  if (!mime) return { ok: false, key: 'imageType' };
  let size: { width?: number; height?: number };
  try {
    size = imageSize(data);
  } catch {
    return { ok: false, key: 'imageType' };
  }
  const want = IMAGE_RULES[kind];
  if (size.width !== want.width || size.height !== want.height) return { ok: false, key: 'imageSize' };
  return { ok: true, image: { contentType: mime, data } };
}
