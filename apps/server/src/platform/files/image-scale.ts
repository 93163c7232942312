import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { RgbaImage } from './image-decode';

/** One output pixel along one axis: the source pixels it is made of and their weights (summing to 1). */
type Taps = { index: number[]; weight: number[] };

/**
 * Which source pixels make each of `to` pixels out of `from`. Shrinking averages every source pixel the
 * output pixel covers, in proportion to how much of it is covered (a box filter: no aliasing in a logo's
 * thin lines); enlarging interpolates linearly between the two nearest source pixels.
 */
function tapsFor(from: number, to: number): Taps[] {
  const scale = from / to;
  return Array.from({ length: to }, (_, j) => {
    if (scale >= 1) {
      const start = j * scale;
      const end = start + scale;
      const taps: Taps = { index: [], weight: [] };
      for (let i = Math.floor(start); i < Math.min(from, Math.ceil(end)); i++) {
        const covered = Math.min(end, i + 1) - Math.max(start, i);
        if (covered <= 0) continue;
        taps.index.push(i);
        taps.weight.push(covered / scale);
      }
      return taps;
    }
    const x = Math.min(Math.max((j + 0.5) * scale - 0.5, 0), from - 1);
    const i = Math.floor(x);
    const f = x - i;
    return i + 1 < from ? { index: [i, i + 1], weight: [1 - f, f] } : { index: [i], weight: [1] };
  });
}

/**
 * Scales an image to exactly `width` × `height` (separably: rows, then columns). Colours are weighted by
 * their alpha while they are mixed, so a transparent logo's edges do not turn dark.
 */
export function scaleImage(src: RgbaImage, width: number, height: number): RgbaImage {
  const premultiplied = new Float32Array(src.width * src.height * 4);
  for (let p = 0; p < premultiplied.length; p += 4) {
    const alpha = src.data[p + 3]! / 255;
    for (let c = 0; c < 3; c++) premultiplied[p + c] = src.data[p + c]! * alpha;
    premultiplied[p + 3] = src.data[p + 3]!;
  }
  const rows = resampleAxis(premultiplied, src.width, src.height, width, 'x');
  const both = resampleAxis(rows, width, src.height, height, 'y');
  const out = new Uint8Array(width * height * 4);
  for (let p = 0; p < out.length; p += 4) {
    const alpha = both[p + 3]!;
    for (let c = 0; c < 3; c++) out[p + c] = alpha > 0 ? Math.round(Math.min(255, (both[p + c]! * 255) / alpha)) : 0;
    out[p + 3] = Math.round(Math.min(255, alpha));
  }
  return { width, height, data: out };
}

/** Resamples `data` (w × h, 4 channels) along x to `to` columns, or along y to `to` rows. */
function resampleAxis(data: Float32Array, w: number, h: number, to: number, axis: 'x' | 'y'): Float32Array {
  const taps = tapsFor(axis === 'x' ? w : h, to);
  const outW = axis === 'x' ? to : w;
  const outH = axis === 'x' ? h : to;
  const out = new Float32Array(outW * outH * 4);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const { index, weight } = taps[axis === 'x' ? x : y]!;
      const o = (y * outW + x) * 4;
      for (let k = 0; k < index.length; k++) {
        const s = (axis === 'x' ? y * w + index[k]! : index[k]! * w + x) * 4;
        const wk = weight[k]!;
        for (let c = 0; c < 4; c++) out[o + c] = out[o + c]! + data[s + c]! * wk;
      }
    }
  }
  return out;
}

/** A photo stays a JPEG (it has no transparency to keep); anything else becomes a PNG, which keeps it. */
export function encodeImage(image: RgbaImage, as: 'image/png' | 'image/jpeg'): Buffer {
  if (as === 'image/jpeg') return jpeg.encode({ width: image.width, height: image.height, data: image.data }, 90).data;
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return PNG.sync.write(png);
}
