import type { Plugin } from 'vite';

type Chunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports?: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type Output = Chunk | { type: 'asset'; fileName: string };

/** A chunk and the chunks it imports statically (transitively), with their styles. */
function closure(bundle: Record<string, Output>, start: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    if (scripts.includes(fileName)) return;
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk') return;
    scripts.push(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    chunk.imports.forEach(visit);
  };
  visit(start);
  return { scripts, styles: [...styles] };
}

/**
 * What a page must add to fetch a lazily loaded module with its entry: the module's chunk and its static imports
 * that the entry does not already load, and their styles. Exported for the test.
 */
export function preloadsFor(bundle: Record<string, Output>, entry: string, moduleSuffix: string): { scripts: string[]; styles: string[] } {
  const lazy = Object.values(bundle).find(
    (o): o is Chunk => o.type === 'chunk' && (o.facadeModuleId?.replaceAll('\\', '/').endsWith(moduleSuffix) ?? false),
  );
  if (!lazy) throw new Error(`no chunk is built from ${moduleSuffix}`);
  const loaded = closure(bundle, entry);
  const wanted = closure(bundle, lazy.fileName);
  return {
    scripts: wanted.scripts.filter((f) => !loaded.scripts.includes(f)),
    styles: wanted.styles.filter((f) => !loaded.styles.includes(f)),
  };
}

/**
 * The router loads the patient area lazily (a patient never downloads the staff apps), so without a hint the
 * browser learns of the area's chunks only after the entry has run: one more round trip on every patient's first
 * page. This names them in the page as module preloads, and their styles as preloads (fetched but not applied, so
 * no patient style reaches the staff apps; in CORS mode, as Vite's loader asks for them then), all fetched in
 * parallel with the entry. A staff page fetches them too (about a sixth of the patient's first page, cached after);
 * the staff apps are the rarer first visit.
 */
export function preloadRoute(moduleSuffix: string): Plugin {
  let base = '/';
  return {
    name: 'prsp:preload-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // Only the page whose entry routes to the module (the app's index.html), not the sandboxed frames. The
        // router that imports it may sit in a chunk the entry imports.
        if (!ctx.bundle || !ctx.chunk) return undefined;
        const bundle = ctx.bundle as unknown as Record<string, Output>;
        const routes = closure(bundle, ctx.chunk.fileName)
          .scripts.flatMap((f) => (bundle[f] as Chunk).dynamicImports ?? [])
          .map((f) => bundle[f]);
        if (!routes.some((c) => c?.type === 'chunk' && c.facadeModuleId?.replaceAll('\\', '/').endsWith(moduleSuffix))) return undefined;
        const { scripts, styles } = preloadsFor(bundle, ctx.chunk.fileName, moduleSuffix);
        return [
          ...scripts.map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: base + f },
            injectTo: 'head' as const,
          })),
          ...styles.map((f) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: '', href: base + f },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
