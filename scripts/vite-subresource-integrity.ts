import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The `integrity` value of some bytes: SHA-384, as browsers check it (W3C Subresource Integrity). */
export function integrityOf(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

const ATTRIBUTES = `((?:[^>"']|"[^"]*"|'[^']*')*)`;
/**
 * A comment, a raw-text element (script, style: its content is not markup) or any other start tag, so that what only
 * looks like a tag (inside a comment, an attribute value or a script) is never taken for one.
 */
const MARKUP = new RegExp(
  `<!--[\\s\\S]*?-->|<(script|style)\\b${ATTRIBUTES}>([\\s\\S]*?)(</\\1\\s*>)|<([a-zA-Z][a-zA-Z0-9-]*)\\b${ATTRIBUTES}>`,
  'gi',
);
const ATTRIBUTE = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const m of source.matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attributes;
}

/** The address a tag loads, when it is a script, a stylesheet or a module preload; else null. */
function loadedUrl(tag: string, attributes: Map<string, string>): string | null {
  if (tag === 'script') return attributes.get('src') || null;
  const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
  return rel.includes('stylesheet') || rel.includes('modulepreload') ? attributes.get('href') || null : null;
}

/**
 * Adds `integrity="sha384-…"` to every `<script src>`, `<link rel="stylesheet">` and `<link rel="modulepreload">` of
 * a page whose address `bytesOf` knows (our own build's files); others (another origin's) are left as they are, and
 * so is a tag that already names its integrity. A tag given integrity also gets `crossorigin` when it has none:
 * the sandboxed frames (survey runner, self-assessment) have an opaque origin, so to them our assets are
 * cross-origin and the browser checks integrity only on a CORS answer (the server sends `Access-Control-Allow-Origin`
 * on assets). Module scripts and module preloads use CORS anyway; Vite writes `crossorigin` on them all already.
 */
export function addSubresourceIntegrity(html: string, bytesOf: (url: string) => Uint8Array | undefined): string {
  const withIntegrity = (name: string, source: string): string | null => {
    const attributes = attributesOf(source);
    const url = loadedUrl(name.toLowerCase(), attributes);
    if (url === null || attributes.has('integrity')) return null;
    const bytes = bytesOf(url);
    if (bytes === undefined) return null;
    const selfClosing = /\/\s*$/.test(source);
    const kept = source.replace(/\s*\/\s*$/, '');
    const added = `${attributes.has('crossorigin') ? '' : ' crossorigin'} integrity="${integrityOf(bytes)}"`;
    return `<${name}${kept}${added}${selfClosing ? ' /' : ''}>`;
  };
  return html.replace(
    MARKUP,
    (whole, rawName?: string, rawSource?: string, content?: string, close?: string, name?: string, source?: string) => {
      if (rawName !== undefined) {
        const open = withIntegrity(rawName, rawSource!);
        return open === null ? whole : `${open}${content}${close}`;
      }
      return name === undefined ? whole : (withIntegrity(name, source!) ?? whole);
    },
  );
}

const BUILD_ORIGIN = 'http://build.invalid';

/**
 * Subresource Integrity for the built pages (docs/security.md). After Vite has written the bundle, every page it
 * wrote gets the hashes of the files it loads, read back from the output folder: the very bytes that will be served
 * (scripts/precompress.mjs only adds .br and .gz beside them, and browsers check the decoded bytes). A page that
 * names a file of our own that is not there fails the build. Assets loaded later (lazy routes, their styles) are
 * fetched by the entry's code, outside the page, and carry no integrity of their own.
 */
export function subresourceIntegrity(): Plugin {
  let base = '/';
  return {
    name: 'prsp:subresource-integrity',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      handler(options, bundle) {
        const outDir = path.resolve(options.dir ?? path.dirname(options.file ?? '.'));
        const basePath = new URL(base, `${BUILD_ORIGIN}/`).pathname;
        for (const page of Object.keys(bundle).filter((name) => name.endsWith('.html'))) {
          const file = path.join(outDir, page);
          const bytesOf = (url: string): Uint8Array | undefined => {
            const resolved = new URL(url, `${BUILD_ORIGIN}/${page}`);
            if (resolved.origin !== BUILD_ORIGIN) return undefined;
            const pathname = decodeURIComponent(resolved.pathname);
            if (!pathname.startsWith(basePath)) return undefined;
            const asset = path.join(outDir, pathname.slice(basePath.length));
            if (!asset.startsWith(outDir + path.sep) || !existsSync(asset)) {
              throw new Error(`${page} loads ${url}, which the build did not write`);
            }
            return readFileSync(asset);
          };
          writeFileSync(file, addSubresourceIntegrity(readFileSync(file, 'utf8'), bytesOf));
        }
      },
    },
  };
}
