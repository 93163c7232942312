import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable PNG of one colour (8-bit RGB), for upload tests that must pass content sniffing and size checks. */
export function pngImage(width: number, height: number, rgb: [number, number, number] = [11, 79, 138]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, default compression, filter, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PNG whose pixel data is `raw` as given (deflated), for hostile cases: with `interlace` set and a large
 * `raw`, a decompression bomb.
 */
export function pngWithPixelData(width: number, height: number, raw: Buffer, interlace = false): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, interlace ? 1 : 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The header of a baseline JPEG (SOI, JFIF, SOF0 with the size): enough for sniffing and size reading. */
export function jpegHeader(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const jfif = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, sof, Buffer.from([0xff, 0xd9])]);
}

/** A real, fully decodable baseline JPEG of one colour. */
export function jpegImage(width: number, height: number, rgb: [number, number, number] = [11, 79, 138]): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([...rgb, 255], i);
  return jpeg.encode({ data, width, height }, 85).data;
}

// A 256×128 lossy WebP (a blue field with a white box), made once with Chromium's canvas.toDataURL('image/webp').
const WEBP_LOGO =
  'UklGRuICAABXRUJQVlA4WAoAAAAgAAAA/wAAfwAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDgg9AAAAPAPAJ0BKgABgAA+bTaYSKQjIqEkSACADYlnbuF1+/p/sGsE8T/IqWAf4C4/+j/0mb2QPT/090KS1bJFyygacsYx7rFYrFYqxSF4ZWrZIhYwwo1hJB6wID9DMRS4bkRSp4+o6dIIrVskYAGoAsHm4wMKqAIPWBZQNQBB6wLKBqAIPWBZQNQA+QAA/v9Fdf8Qv1kelD/iyzOpxeBmf/vngkGURe5fXUVBf+pgc/tVcW6nbGCpznIw7DK+cfsBXipTHsdjn9+CWMxz+L9XwpQLoDlG/jRtQ4CR2XAWS1BNbg2lC1rVYyoQrgZvxH2a4i4RAAAAAAA=';

/** A real 256×128 WebP: no WebP encoder is installed, so this one is kept as bytes. */
export function webpLogo(): Buffer {
  return Buffer.from(WEBP_LOGO, 'base64');
}
