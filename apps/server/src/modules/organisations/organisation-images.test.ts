import { describe, expect, test } from 'vitest';
import { jpegHeader, pngImage } from '../../test/png';
import { checkOrganisationImage } from './organisation-images';

describe('theme image checks', () => {
  test('a PNG logo of exactly 256×128 passes, with its sniffed type', async () => {
    const result = await checkOrganisationImage('logo', pngImage(256, 128));
    expect(result).toMatchObject({ ok: true, image: { contentType: 'image/png' } });
  });

  test('a JPEG background of exactly 1900×1080 passes', async () => {
    expect(await checkOrganisationImage('background', jpegHeader(1900, 1080))).toMatchObject({
      ok: true,
      image: { contentType: 'image/jpeg' },
    });
  });

  test('the wrong pixel size is refused with imageSize', async () => {
    expect(await checkOrganisationImage('logo', pngImage(255, 128))).toEqual({ ok: false, key: 'imageSize' });
    expect(await checkOrganisationImage('logoEn', pngImage(128, 256))).toEqual({ ok: false, key: 'imageSize' });
    expect(await checkOrganisationImage('background', pngImage(256, 128))).toEqual({ ok: false, key: 'imageSize' });
  });

  test('SVG, GIF and non-images are refused with imageType, whatever their name says', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="256" height="128"><script>alert(1)</script></svg>');
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0, 1, 128, 0, 0, 0, 0]), Buffer.alloc(20)]);
    expect(await checkOrganisationImage('logo', svg)).toEqual({ ok: false, key: 'imageType' });
    expect(await checkOrganisationImage('logo', gif)).toEqual({ ok: false, key: 'imageType' });
    expect(await checkOrganisationImage('logo', Buffer.from('not an image at all'))).toEqual({ ok: false, key: 'imageType' });
  });

  test('more than 2 MB is refused with fileTooLarge', async () => {
    const big = Buffer.concat([pngImage(256, 128), Buffer.alloc(2 * 1024 * 1024)]);
    expect(await checkOrganisationImage('logo', big)).toEqual({ ok: false, key: 'fileTooLarge' });
  });
});
