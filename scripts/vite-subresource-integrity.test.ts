import { describe, expect, test } from 'vitest';
import { addSubresourceIntegrity, integrityOf } from './vite-subresource-integrity';

const bytes = (text: string) => new TextEncoder().encode(text);

/** The files of a pretend build. */
const FILES: Record<string, Uint8Array> = {
  '/assets/main-abc.js': bytes('abc'),
  '/assets/main-abc.css': bytes('body{color:#1a1a1a}\n'),
  '/assets/chunk-def.js': bytes('export const x = 1;\n'),
};
const bytesOf = (url: string) => FILES[url];

// SHA-384 of the three bytes "abc" (FIPS 180-2's test vector), in base64: cb00753f…c825a7.
const ABC = 'sha384-ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn';

describe('integrityOf', () => {
  test('is the base64 SHA-384 of the bytes, as browsers compute it', () => {
    expect(integrityOf(bytes('abc'))).toBe(ABC);
    expect(integrityOf(new Uint8Array())).toBe('sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb');
  });
});

describe('addSubresourceIntegrity', () => {
  test("gives Vite's entry script, module preloads and stylesheet the hashes of their bytes", () => {
    const html = [
      '<script type="module" crossorigin src="/assets/main-abc.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/chunk-def.js">',
      '<link rel="stylesheet" crossorigin href="/assets/main-abc.css">',
    ].join('\n');
    expect(addSubresourceIntegrity(html, bytesOf)).toBe(
      [
        `<script type="module" crossorigin src="/assets/main-abc.js" integrity="${ABC}"></script>`,
        `<link rel="modulepreload" crossorigin href="/assets/chunk-def.js" integrity="${integrityOf(FILES['/assets/chunk-def.js']!)}">`,
        `<link rel="stylesheet" crossorigin href="/assets/main-abc.css" integrity="${integrityOf(FILES['/assets/main-abc.css']!)}">`,
      ].join('\n'),
    );
    expect(integrityOf(FILES['/assets/main-abc.css']!)).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  });

  test('adds crossorigin where it is missing (the sandboxed frames load our assets cross-origin), and keeps />', () => {
    expect(addSubresourceIntegrity(`<link href='/assets/main-abc.css' rel='stylesheet' />`, bytesOf)).toBe(
      `<link href='/assets/main-abc.css' rel='stylesheet' crossorigin integrity="${integrityOf(FILES['/assets/main-abc.css']!)}" />`,
    );
    expect(addSubresourceIntegrity('<SCRIPT SRC=/assets/main-abc.js></SCRIPT>', bytesOf)).toBe(
      `<SCRIPT SRC=/assets/main-abc.js crossorigin integrity="${ABC}"></SCRIPT>`,
    );
  });

  test('leaves alone what loads no file of ours, and a tag that already names its integrity', () => {
    const untouched = [
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
      '<link rel="preload" href="/assets/main-abc.js" as="script">',
      '<script>inline()</script>',
      '<script type="module" src="https://cdn.example/lib.js"></script>',
      '<link rel="stylesheet" href="https://cdn.example/lib.css">',
      '<script src="/assets/main-abc.js" integrity="sha384-given"></script>',
      '<meta name="description" content="<script src=/assets/main-abc.js>">',
      '<!-- <script src="/assets/main-abc.js"></script> -->',
      '<script>document.write(\'<link rel="stylesheet" href="/assets/main-abc.css">\')</script>',
    ].join('\n');
    const bytesOfOurs = (url: string) => (url.startsWith('/') ? bytesOf(url) : undefined);
    expect(addSubresourceIntegrity(untouched, bytesOfOurs)).toBe(untouched);
  });

  test('a quoted > inside an attribute does not end the tag', () => {
    expect(addSubresourceIntegrity('<script data-note="a > b" src="/assets/main-abc.js"></script>', bytesOf)).toBe(
      `<script data-note="a > b" src="/assets/main-abc.js" crossorigin integrity="${ABC}"></script>`,
    );
  });

  test('a byte changed in the file changes the hash, so the browser refuses the file', () => {
    const html = '<script type="module" crossorigin src="/assets/main-abc.js"></script>';
    const tampered = addSubresourceIntegrity(html, () => bytes('abd'));
    expect(tampered).not.toContain(ABC);
    expect(tampered).toContain(integrityOf(bytes('abd')));
  });
});
