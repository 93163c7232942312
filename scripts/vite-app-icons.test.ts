import { inflateSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { APP_ICONS, drawAppIcon, encodePng } from './vite-app-icons';

/** Reads back what encodePng wrote (8-bit RGBA, filter 0 on every row), checking the signature and the chunks' order. */
function decode(png: Buffer): { size: number; pixel: (x: number, y: number) => number[] } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.toString('ascii', 12, 16)).toBe('IHDR');
  const size = png.readUInt32BE(16);
  expect(png.readUInt32BE(20)).toBe(size);
  expect([...png.subarray(24, 29)]).toEqual([8, 6, 0, 0, 0]);
  const idatLength = png.readUInt32BE(33);
  expect(png.toString('ascii', 37, 41)).toBe('IDAT');
  const rows = inflateSync(png.subarray(41, 41 + idatLength));
  const stride = size * 4 + 1;
  expect(rows.length).toBe(size * stride);
  return { size, pixel: (x, y) => [...rows.subarray(y * stride + 1 + x * 4, y * stride + 1 + x * 4 + 4)] };
}

const BLUE = [0x0b, 0x4f, 0x8a, 255];
const WHITE = [255, 255, 255, 255];

describe('the app icons', () => {
  test.each(APP_ICONS)('$fileName is a $size px PNG of the favicon: blue, a white cross in the middle', ({ size, maskable }) => {
    const { size: decoded, pixel } = decode(encodePng(size, drawAppIcon(size, maskable)));
    expect(decoded).toBe(size);
    expect(pixel(size / 2, size / 2)).toEqual(WHITE);
    // Between the cross's arms: the theme's blue.
    expect(pixel(Math.round(size * 0.3), Math.round(size * 0.3))).toEqual(BLUE);
    // The corner: transparent on the rounded icons, filled on the maskable one (launchers crop it themselves).
    expect(pixel(0, 0)[3]).toBe(maskable ? 255 : 0);
  });

  test('the maskable cross stays inside the central 80 % safe zone', () => {
    const size = 512;
    const rgba = drawAppIcon(size, true);
    let farthest = 0;
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++)
        if (rgba[(y * size + x) * 4] === 255) farthest = Math.max(farthest, Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2));
    expect(farthest / size).toBeLessThan(0.4);
  });
});
