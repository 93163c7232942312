import { describe, expect, test } from 'vitest';
import { sniffContentType } from '../files/image-decode';
import { jpegImage, pngImage, webpLogo } from '../../test/png';
import { printableLogo } from './pdf-logo';

describe('an organisation logo for a PDF', () => {
  test('PNG and JPEG go as they are', async () => {
    const png = pngImage(256, 128);
    const jpeg = jpegImage(256, 128);
    expect((await printableLogo(png))?.data).toBe(png);
    expect((await printableLogo(jpeg))?.data).toBe(jpeg);
  });

  test('a WebP logo, which pdfkit cannot draw, is written again as PNG', async () => {
    const logo = await printableLogo(webpLogo());
    expect(logo).not.toBeNull();
    expect(await sniffContentType(logo!.data)).toBe('image/png');
  });

  test('anything else, or a damaged image, gives none: the PDF prints the name alone', async () => {
    expect(await printableLogo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(await printableLogo(webpLogo().subarray(0, 60))).toBeNull();
  });
});
