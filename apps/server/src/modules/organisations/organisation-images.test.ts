import { Readable } from 'node:stream';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import type { ReceivedFile } from '../../platform/files/multipart-reader';
import { MAX_IMAGE_BYTES } from '@prsp/contracts';
import { decodeImage } from '../../platform/files/image-decode';
import { jpegHeader, jpegImage, pngImage, pngWithPixelData, webpLogo } from '../../test/png';
import { checkOrganisationImage, checkUploadedImage, organisationImageFilename } from './organisation-images';

const cut = (data: Buffer, bytes: number) => data.subarray(0, data.length - bytes);

describe('theme image checks', () => {
  test('a PNG logo of exactly 256×128 passes, with its sniffed type', async () => {
    const result = await checkOrganisationImage('logo', pngImage(256, 128));
    expect(result).toMatchObject({ ok: true, image: { contentType: 'image/png' } });
  });

  test('a JPEG background of exactly 1900×1080 passes', async () => {
    expect(await checkOrganisationImage('background', jpegImage(1900, 1080))).toMatchObject({
      ok: true,
      image: { contentType: 'image/jpeg' },
    });
  });

  test('a WebP logo passes', async () => {
    expect(await checkOrganisationImage('logoSe', webpLogo())).toEqual({ ok: true, image: { contentType: 'image/webp' } });
  });

  test('the wrong shape is refused with imageSize', async () => {
    expect(await checkOrganisationImage('logo', pngImage(300, 200))).toEqual({ ok: false, key: 'imageSize' });
    expect(await checkOrganisationImage('logoEn', pngImage(128, 256))).toEqual({ ok: false, key: 'imageSize' });
    expect(await checkOrganisationImage('background', pngImage(256, 128))).toEqual({ ok: false, key: 'imageSize' });
    // 2 % off the logo's 2:1 is the most taken.
    expect(await checkOrganisationImage('logo', pngImage(262, 128))).toEqual({ ok: false, key: 'imageSize' });
  });

  test('an image of the right shape in another size is scaled to the spec size (issue 28)', async () => {
    const logo = await checkOrganisationImage('logo', pngImage(1024, 512, [200, 10, 10]));
    expect(logo).toMatchObject({ ok: true, image: { contentType: 'image/png' } });
    const scaledLogo = PNG.sync.read((logo as { image: { scaled: Buffer } }).image.scaled);
    expect([scaledLogo.width, scaledLogo.height]).toEqual([256, 128]);
    expect([...scaledLogo.data.subarray(0, 4)]).toEqual([200, 10, 10, 255]);

    // A phone's 1920×1080 is 1 % off the shape: taken, and a JPEG stays a JPEG.
    const background = await checkOrganisationImage('background', jpegImage(1920, 1080));
    expect(background).toMatchObject({ ok: true, image: { contentType: 'image/jpeg' } });
    const scaledBackground = jpeg.decode((background as { image: { scaled: Buffer } }).image.scaled);
    expect([scaledBackground.width, scaledBackground.height]).toEqual([1900, 1080]);

    // Smaller images are enlarged; a logo within 2 % of 2:1 too.
    for (const [w, h] of [
      [128, 64],
      [255, 128],
    ] as const) {
      const small = await checkOrganisationImage('logoSe', pngImage(w, h));
      expect(PNG.sync.read((small as { image: { scaled: Buffer } }).image.scaled).width).toBe(256);
    }
  });

  test('the exact spec size is kept as uploaded, without scaling', async () => {
    expect(await checkOrganisationImage('logo', pngImage(256, 128))).toEqual({ ok: true, image: { contentType: 'image/png' } });
  });

  test('too many pixels to decode safely is refused with imageSize before decoding', async () => {
    expect(await checkOrganisationImage('logo', pngWithPixelData(8000, 4000, Buffer.alloc(16)))).toEqual({ ok: false, key: 'imageSize' });
  });

  test('SVG, GIF and non-images are refused with imageType, whatever their name says', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="256" height="128"><script>alert(1)</script></svg>');
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0, 1, 128, 0, 0, 0, 0]), Buffer.alloc(20)]);
    expect(await checkOrganisationImage('logo', svg)).toEqual({ ok: false, key: 'imageType' });
    expect(await checkOrganisationImage('logo', gif)).toEqual({ ok: false, key: 'imageType' });
    expect(await checkOrganisationImage('logo', Buffer.from('not an image at all'))).toEqual({ ok: false, key: 'imageType' });
  });

  test('more than 2 MB is refused with fileTooLarge; nothing at all with emptyFile', async () => {
    const big = Buffer.concat([pngImage(256, 128), Buffer.alloc(2 * 1024 * 1024)]);
    expect(await checkOrganisationImage('logo', big)).toEqual({ ok: false, key: 'fileTooLarge' });
    expect(await checkOrganisationImage('logo', Buffer.alloc(0))).toEqual({ ok: false, key: 'emptyFile' });
  });
});

describe('images are decoded in full: a damaged file is refused with imageCorrupt', () => {
  test('a truncated PNG (its header intact, so a header reader says 256×128)', async () => {
    const png = pngImage(256, 128, [200, 10, 10]);
    for (const bytes of [1, 12, 30, Math.floor(png.length / 2)]) {
      expect(await checkOrganisationImage('logo', cut(png, bytes)), `cut ${bytes}`).toEqual({ ok: false, key: 'imageCorrupt' });
    }
  });

  test('a PNG with a damaged pixel chunk (its CRC no longer matches)', async () => {
    const png = Buffer.from(pngImage(256, 128));
    png[60] = png[60]! ^ 0xff;
    expect(await checkOrganisationImage('logo', png)).toEqual({ ok: false, key: 'imageCorrupt' });
  });

  test('a PNG with something after its end (a polyglot)', async () => {
    const png = Buffer.concat([pngImage(256, 128), Buffer.from('<script>alert(1)</script>')]);
    expect(await checkOrganisationImage('logo', png)).toEqual({ ok: false, key: 'imageCorrupt' });
  });

  test('an interlaced PNG whose pixel data inflates far past its size (a decompression bomb) is refused', async () => {
    const bomb = pngWithPixelData(256, 128, Buffer.alloc(64 * 1024 * 1024), true);
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
    // Stopped while inflating, at the ceiling the header allows, not after inflating 64 MB.
    expect(() => decodeImage('image/png', bomb)).toThrow(/larger than/);
    expect(await checkOrganisationImage('logo', bomb)).toEqual({ ok: false, key: 'imageCorrupt' });
  });

  test('a JPEG that is only a header, and a truncated JPEG', async () => {
    expect(await checkOrganisationImage('background', jpegHeader(1900, 1080))).toEqual({ ok: false, key: 'imageCorrupt' });
    const jpeg = jpegImage(256, 128);
    expect(await checkOrganisationImage('logo', cut(jpeg, 2))).toEqual({ ok: false, key: 'imageCorrupt' });
    expect(await checkOrganisationImage('logo', cut(jpeg, Math.floor(jpeg.length / 3)))).toEqual({ ok: false, key: 'imageCorrupt' });
  });

  test('a truncated WebP', async () => {
    const webp = webpLogo();
    expect(await checkOrganisationImage('logo', cut(webp, 1))).toEqual({ ok: false, key: 'imageCorrupt' });
    expect(await checkOrganisationImage('logo', cut(webp, 200))).toEqual({ ok: false, key: 'imageCorrupt' });
  });
});

describe('uploaded files', () => {
  const received = (data: Buffer, filename: string): ReceivedFile => ({
    field: 'logo',
    filename,
    size: data.length,
    sha256: '',
    open: () => Readable.from([data]),
    read: async () => data,
  });

  test('a scaled upload is stored as its scaled bytes, with their own size and hash', async () => {
    const result = await checkUploadedImage('logo', received(pngImage(512, 256), 'logo.png'));
    if (!result.ok) throw new Error(result.key);
    const stored = await result.image.file.read();
    expect(PNG.sync.read(stored).width).toBe(256);
    expect(result.image.file.size).toBe(stored.length);
    expect(result.image.file.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  test('a PNG named logo.jpg and sent as image/jpeg is a PNG: the type comes from the bytes', async () => {
    const result = await checkUploadedImage('logo', received(pngImage(256, 128), 'logo.jpg'));
    expect(result).toMatchObject({ ok: true, image: { contentType: 'image/png' } });
    expect(organisationImageFilename('logo', 'image/png')).toBe('logo.png');
  });

  test('a served name is the kind and the sniffed extension only', () => {
    expect(organisationImageFilename('background', 'image/jpeg')).toBe('background.jpg');
    expect(organisationImageFilename('logoSe', 'image/webp')).toBe('logoSe.webp');
    expect(organisationImageFilename('logoEn', 'text/html')).toBe('logoEn.bin');
  });
});
