import { deflateSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The installable app's icons (apps/web/public/manifest.webmanifest), drawn here from the favicon's design — the
 * theme's blue (#0b4f8a) rounded square with a white cross, on a 32-unit grid — instead of binaries nobody could
 * regenerate. `any` icons keep the rounded corners on transparency; the maskable one fills the whole square, its
 * cross well inside the central 80 % safe zone that launchers may crop to.
 */
export const APP_ICONS = [
  { fileName: 'icons/icon-192.png', size: 192, maskable: false },
  { fileName: 'icons/icon-512.png', size: 512, maskable: false },
  { fileName: 'icons/icon-maskable-512.png', size: 512, maskable: true },
] as const;

const BLUE = [0x0b, 0x4f, 0x8a] as const;
const WHITE = [0xff, 0xff, 0xff] as const;
/** Samples per pixel side: edges are antialiased by coverage. */
const SUPERSAMPLE = 4;

/** The cross of favicon.svg (`M14 7h4v7h7v4h-7v7h-4v-7H7v-4h7z`) in its 32-unit grid. */
function inCross(x: number, y: number): boolean {
  return (x >= 14 && x <= 18 && y >= 7 && y <= 25) || (x >= 7 && x <= 25 && y >= 14 && y <= 18);
}

/** favicon.svg's `rect rx="6"`: inside the 32-unit square with corners rounded by 6 units. */
function inRoundedSquare(x: number, y: number): boolean {
  const r = 6;
  const cx = Math.min(Math.max(x, r), 32 - r);
  const cy = Math.min(Math.max(y, r), 32 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** The icon's pixels, RGBA row by row. */
export function drawAppIcon(size: number, maskable: boolean): Buffer {
  const rgba = Buffer.alloc(size * size * 4);
  const n = SUPERSAMPLE * SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let inside = 0;
      let white = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const x = ((px + (sx + 0.5) / SUPERSAMPLE) * 32) / size;
          const y = ((py + (sy + 0.5) / SUPERSAMPLE) * 32) / size;
          if (!maskable && !inRoundedSquare(x, y)) continue;
          inside++;
          if (inCross(x, y)) white++;
        }
      }
      const o = (py * size + px) * 4;
      // Colour over the covered part; the cross is blended into the blue by its share of the covered samples.
      const share = inside === 0 ? 0 : white / inside;
      for (let c = 0; c < 3; c++) rgba[o + c] = Math.round(BLUE[c]! * (1 - share) + WHITE[c]! * share);
      rgba[o + 3] = Math.round((255 * inside) / n);
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, k) => {
  let c = k;
  for (let i = 0; i < 8; i++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([head, body, tail]);
}

/** A PNG (8-bit RGBA, no filtering) of the pixels. */
export function encodePng(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Draws the icons into the build (`dist/icons/…`) and serves them from the dev server. */
export function appIcons(): Plugin {
  const files = new Map<string, Buffer>();
  const png = (icon: (typeof APP_ICONS)[number]) => {
    let bytes = files.get(icon.fileName);
    if (!bytes) files.set(icon.fileName, (bytes = encodePng(icon.size, drawAppIcon(icon.size, icon.maskable))));
    return bytes;
  };
  return {
    name: 'prsp-app-icons',
    generateBundle() {
      for (const icon of APP_ICONS) this.emitFile({ type: 'asset', fileName: icon.fileName, source: png(icon) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const icon = APP_ICONS.find((i) => req.url === `/${i.fileName}`);
        if (!icon) return next();
        res.setHeader('content-type', 'image/png');
        res.end(png(icon));
      });
    },
  };
}
