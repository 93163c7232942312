import { decode as decodeWebp } from '@cwasm/webp';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { inflateSync } from 'node:zlib';

/** The raster formats the decoders below read in full. */
export const DECODABLE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type DecodableImageType = (typeof DECODABLE_IMAGE_TYPES)[number];

/** The type the bytes say they are (magic numbers), whatever name or type the client sent; undefined when unknown. */
export async function sniffContentType(data: Uint8Array): Promise<string | undefined> {
  return (await fileTypeFromBuffer(data))?.mime;
}

/** Width and height from the image header only (cheap, before a full decode is worth it); undefined when unreadable. */
export function headerSize(data: Uint8Array): { width: number; height: number } | undefined {
  try {
    const { width, height } = imageSize(data);
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Decodes every pixel of the image, so a truncated or damaged file fails here instead of in a browser
 * (a header reader such as image-size accepts a PNG cut off after its first chunk). Pure JavaScript for
 * PNG (pngjs, CRCs checked, nothing allowed after IEND) and JPEG (jpeg-js, which needs the end marker),
 * libwebp as WebAssembly for WebP. Call it only after the header size has been checked against a limit:
 * decoding allocates width × height × 4 bytes. Throws when the image does not decode. Answers the pixels as
 * RGBA, 4 bytes a pixel, for whoever scales them (`image-scale.ts`).
 */
export function decodeImage(type: DecodableImageType, data: Buffer, maxMegapixels = 25): RgbaImage {
  switch (type) {
    case 'image/png': {
      assertPngInflatesWithinBounds(data);
      const png = PNG.sync.read(data);
      return { width: png.width, height: png.height, data: png.data };
    }
    case 'image/jpeg': {
      const image = jpeg.decode(data, { useTArray: true, maxResolutionInMP: maxMegapixels, maxMemoryUsageInMB: maxMegapixels * 8 + 56 });
      return { width: image.width, height: image.height, data: image.data };
    }
    case 'image/webp': {
      const image = decodeWebp(data);
      return { width: image.width, height: image.height, data: image.data };
    }
  }
}

/** Pixels as RGBA, row by row, 4 bytes a pixel (straight, not premultiplied, alpha). */
export type RgbaImage = { width: number; height: number; data: Uint8Array | Uint8ClampedArray };

/**
 * pngjs inflates an interlaced PNG without a limit: a few megabytes of compressed zeros would become
 * gigabytes. Inflates the pixel data once with a ceiling from the header (8 bytes a pixel, the most any
 * PNG uses, plus a filter byte per row of each of the 7 interlace passes) and throws past it.
 */
function assertPngInflatesWithinBounds(data: Buffer): void {
  if (data.length < 33) throw new Error('not a PNG');
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at + 12 <= data.length;) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(data.subarray(at + 8, Math.min(at + 8 + length, data.length)));
    at += 12 + length;
  }
  const ceiling = (width * 8 + 8) * height + 7 * height + 1024;
  inflateSync(Buffer.concat(idat), { maxOutputLength: ceiling });
}
