import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addSubresourceIntegrity } from '../../../../scripts/vite-subresource-integrity';
import { startTestApp, type TestApp } from '../test/test-app';

const PRECOMPRESS = fileURLToPath(new URL('../../../../scripts/precompress.mjs', import.meta.url));

/** The pages as Vite writes them, before the integrity step. */
const PAGES = {
  'index.html': `<!doctype html><html><head><title>app</title>
<script type="module" crossorigin src="/assets/main-abc123.js"></script>
<link rel="modulepreload" crossorigin href="/assets/chunk-def456.js">
<link rel="stylesheet" crossorigin href="/assets/main-abc123.css">
</head><body><div id="root"></div></body></html>`,
  'survey-runner.html': `<!doctype html><html><head><title>runner</title>
<script type="module" crossorigin src="/assets/surveyRunner-ghi789.js"></script>
<link rel="stylesheet" crossorigin href="/assets/surveyRunner-ghi789.css">
</head><body><div id="runner"></div></body></html>`,
};
/** Assets big and repetitive enough that precompression has something to do. */
const ASSETS = {
  'main-abc123.js': `import './chunk-def456.js';\n${'console.log("the app");\n'.repeat(200)}`,
  'chunk-def456.js': `export const chunk = ${JSON.stringify('ä'.repeat(500))};\n`,
  'main-abc123.css': `${'body { color: #1a1a1a; }\n'.repeat(200)}`,
  'surveyRunner-ghi789.js': `${'console.log("the runner");\n'.repeat(200)}`,
  'surveyRunner-ghi789.css': `${'main { margin: 0; }\n'.repeat(200)}`,
};

let t: TestApp;
let dist: string;
beforeAll(async () => {
  // A built web app in miniature, made the way `npm run build` makes it: assets, then the pages with their
  // integrity values, then the .br and .gz copies the server prefers.
  dist = await mkdtemp(path.join(tmpdir(), 'prsp-web-sri-'));
  await mkdir(path.join(dist, 'assets'));
  for (const [name, text] of Object.entries(ASSETS)) await writeFile(path.join(dist, 'assets', name), text);
  for (const [name, html] of Object.entries(PAGES)) {
    const files = new Map<string, Buffer>();
    for (const url of html.match(/\/assets\/[^"]+/g) ?? []) files.set(url, await readFile(path.join(dist, url)));
    await writeFile(
      path.join(dist, name),
      addSubresourceIntegrity(html, (url) => files.get(url)),
    );
  }
  // Vite's manifest (the bundle budget reads it) is a build file, not a page.
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/main-abc123.js"}}');
  execFileSync(process.execPath, [PRECOMPRESS, dist], { stdio: 'ignore' });
  t = await startTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const sha384 = (bytes: ArrayBuffer) => `sha384-${createHash('sha384').update(Buffer.from(bytes)).digest('base64')}`;

test.each([
  ['/', 3],
  ['/survey-runner', 2],
])(
  'every script and stylesheet %s loads carries the SHA-384 of the bytes the server sends for it, compressed or not',
  async (page, count) => {
    const html = await (await fetch(new URL(page, t.baseUrl))).text();
    const tags = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+)"[^>]*>/g)];
    expect(tags).toHaveLength(count);
    for (const [tag, url] of tags) {
      expect(tag).toContain('crossorigin');
      const integrity = /integrity="(sha384-[A-Za-z0-9+/]{64})"/.exec(tag)?.[1];
      expect(integrity, tag).toBeDefined();
      for (const encoding of ['br', 'gzip', 'identity']) {
        // fetch decodes br and gzip, as the browser does before it checks the hash.
        const res = await fetch(new URL(url!, t.baseUrl), { headers: { 'accept-encoding': encoding } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding') ?? 'identity').toBe(encoding);
        // The frames (opaque origin) fetch in CORS mode: without this header the browser could not check the hash.
        expect(res.headers.get('access-control-allow-origin')).toBe('*');
        expect(sha384(await res.arrayBuffer()), `${url} as ${encoding}`).toBe(integrity);
      }
    }
  },
);

test.each(['/.vite/manifest.json', '/assets/', '/assets', '/.env'])(
  'no directory listing, no dot folder: %s answers the app page, never a listing or the build manifest',
  async (url) => {
    const res = await fetch(new URL(url, t.baseUrl));
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const body = await res.text();
    expect(body).toContain('<title>app</title>');
    expect(body).not.toContain('main-abc123.js"}');
    expect(body).not.toContain('chunk-def456.js<');
  },
);
