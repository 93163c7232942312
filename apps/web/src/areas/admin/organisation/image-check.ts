import { fitsImageAspect, IMAGE_MIME_TYPES, IMAGE_RULES, MAX_IMAGE_BYTES, type OrganisationImageKind } from '@prsp/contracts';
import { withValues } from '@/lib/field-text';

/**
 * The shape rule of spec §9 against a measured image, the way the server checks the real file: the spec's size,
 * or any size of the same shape, which the server scales to it. The message says both sizes, the uploaded one
 * and the one wanted (a message key with its values, see lib/field-text).
 */
export function imageSizeError(kind: OrganisationImageKind, width: number, height: number): string | undefined {
  if (fitsImageAspect(kind, width, height)) return undefined;
  const want = IMAGE_RULES[kind];
  return withValues('imageSizeWas', { width, height, wantWidth: want.width, wantHeight: want.height });
}

/** Type and byte limits first (cheap), then the pixel size read from the decoded image. */
export async function checkImageFile(kind: OrganisationImageKind, file: File): Promise<string | undefined> {
  // The server refuses an empty file too (it is not 'nothing chosen').
  if (file.size === 0) return 'emptyFile';
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'imageType';
  if (file.size > MAX_IMAGE_BYTES) return 'fileTooLarge';
  try {
    const bitmap = await createImageBitmap(file);
    const error = imageSizeError(kind, bitmap.width, bitmap.height);
    bitmap.close();
    return error;
  } catch {
    return 'imageType';
  }
}
