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

/** A lazily loaded module the page loads at once, and whether its styles apply to the page or are only fetched. */
export type PreloadedModule = { module: string; styles: 'stylesheet' | 'preload' };

/** Every chunk the entry can reach, statically or through dynamic imports. */
function reachable(bundle: Record<string, Output>, entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || chunk?.type !== 'chunk') return;
    seen.add(fileName);
    [...chunk.imports, ...(chunk.dynamicImports ?? [])].forEach(visit);
  };
  visit(entry);
  return seen;
}

/**
 * What a page must add to fetch lazily loaded modules with its entry, in order: each module's chunk and its static
 * imports that neither the entry nor an earlier module already loads, and their styles. Undefined when the entry
 * cannot reach the modules (another page of the build). Exported for the test.
 */
export function preloadsFor(
  bundle: Record<string, Output>,
  entry: string,
  modules: string[],
): { scripts: string[]; styles: string[][] } | undefined {
  const lazies = modules.map((suffix) => {
    const lazy = Object.values(bundle).find(
      (o): o is Chunk => o.type === 'chunk' && (o.facadeModuleId?.replaceAll('\\', '/').endsWith(suffix) ?? false),
    );
    if (!lazy) throw new Error(`no chunk is built from ${suffix}`);
    return lazy;
  });
  const canReach = reachable(bundle, entry);
  if (!lazies.every((lazy) => canReach.has(lazy.fileName))) return undefined;
  const loaded = closure(bundle, entry);
  const scripts: string[] = [];
  const styles = lazies.map((lazy) => {
    const wanted = closure(bundle, lazy.fileName);
    const newScripts = wanted.scripts.filter((f) => !loaded.scripts.includes(f));
    const newStyles = wanted.styles.filter((f) => !loaded.styles.includes(f));
    scripts.push(...newScripts);
    loaded.scripts.push(...newScripts);
    loaded.styles.push(...newStyles);
    return newStyles;
  });
  return { scripts, styles };
}

/**
 * The entry starts the app, and the router loads the patient area, lazily (the frame paints first; a patient never
 * downloads the staff apps), so without a hint the browser learns of their chunks only once the entry has run: one
 * more round trip on every first page. This names them in the page as module preloads, all fetched in parallel with
 * the entry. Styles marked `stylesheet` apply to the page (the app's own); `preload` ones are fetched but not applied
 * (in CORS mode, as Vite's loader asks for them then), so no patient style reaches the staff apps. A staff page
 * fetches the patient area too (about a sixth of the patient's first page, cached after); the staff apps are the
 * rarer first visit.
 */
export function preloadRoute(modules: PreloadedModule[]): Plugin {
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
        if (!ctx.bundle || !ctx.chunk) return undefined;
        const bundle = ctx.bundle as unknown as Record<string, Output>;
        // Only the page whose entry loads the modules (the app's index.html), not the sandboxed frames.
        const preloads = preloadsFor(
          bundle,
          ctx.chunk.fileName,
          modules.map((m) => m.module),
        );
        if (!preloads) return undefined;
        return [
          ...preloads.scripts.map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: base + f },
            injectTo: 'head' as const,
          })),
          ...modules.flatMap(({ styles }, i) =>
            preloads.styles[i]!.map((f) => ({
              tag: 'link',
              attrs:
                styles === 'stylesheet'
                  ? { rel: 'stylesheet', crossorigin: '', href: base + f }
                  : { rel: 'preload', as: 'style', crossorigin: '', href: base + f },
              injectTo: 'head' as const,
            })),
          ),
        ];
      },
    },
  };
}
