import { describe, expect, test } from 'vitest';
import { checkImageFile, imageSizeError } from './image-check';

describe('theme image checks in the form (the server checks the same on the bytes)', () => {
  test('an empty file is refused as empty, whatever its type says', async () => {
    expect(await checkImageFile('logo', new File([], 'logo.png', { type: 'image/png' }))).toBe('emptyFile');
  });

  test('a type other than PNG, JPEG or WebP, and more than 2 MB', async () => {
    expect(await checkImageFile('logo', new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }))).toBe('imageType');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'logo.png', { type: 'image/png' });
    expect(await checkImageFile('logo', big)).toBe('fileTooLarge');
  });

  test("the shape must be the rule's within 2 %, in any size (issue 28: the server scales it)", () => {
    expect(imageSizeError('logo', 256, 128)).toBeUndefined();
    expect(imageSizeError('logo', 1024, 512)).toBeUndefined();
    expect(imageSizeError('logo', 255, 128)).toBeUndefined();
    expect(imageSizeError('background', 1900, 1080)).toBeUndefined();
    expect(imageSizeError('background', 1920, 1080)).toBeUndefined();
    expect(imageSizeError('logo', 300, 200)).toBe('imageSizeWas?width=300&height=200&wantWidth=256&wantHeight=128');
    expect(imageSizeError('background', 1080, 1080)).toBe('imageSizeWas?width=1080&height=1080&wantWidth=1900&wantHeight=1080');
  });
});
