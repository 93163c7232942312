import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preloadRoute } from '../../scripts/vite-preload-route.ts';
import { subresourceIntegrity } from '../../scripts/vite-subresource-integrity.ts';
import { appIcons } from '../../scripts/vite-app-icons.ts';

const FIRST_PAGE_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|zod|use-sync-external-store)[\\/]/;

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

type ChunkingContext = { getModuleInfo(id: string): { importedIds: string[] } | null };
type FirstPage = { boot: Set<string>; app: Set<string> };
let firstPageModules: FirstPage | undefined;
/**
 * The app's own modules a patient's first page runs, in two sets:
 * - boot: what the entry imports. It must run before the rest has arrived (src/main.tsx), so it imports none of it.
 * - app: what the app and the patient area import statically (those two modules stay chunks of their own; the
 *   contracts split by use, as their schemas cost time to build).
 */
function firstPage(ctx: ChunkingContext): FirstPage {
  if (firstPageModules) return firstPageModules;
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const dep of ctx.getModuleInfo(id)?.importedIds ?? []) visit(dep);
    };
    roots.forEach(visit);
    return seen;
  };
  const entry = page('src/main.tsx');
  const roots = [page('src/app-start.tsx'), page('src/areas/patient/patient-app.tsx')];
  const boot = closure([entry]);
  boot.delete(entry);
  // Styles stay with the module that imports them: the patient area's must not reach the staff apps.
  const app = new Set([...closure(roots)].filter((id) => !roots.includes(id) && !boot.has(id) && !id.endsWith('.css')));
  firstPageModules = { boot, app };
  return firstPageModules;
}
const isPatientArea = (id: string) => id.replaceAll('\\', '/').includes('/areas/patient/');
const isContract = (id: string) => id.replaceAll('\\', '/').includes('/packages/contracts/');

export default defineConfig({
  // `@/…` is apps/web/src (tsconfig.json's `paths`; vitest.config.ts and eslint.config.js resolve it the same way).
  resolve: { alias: [{ find: /^@\//, replacement: page('src/') }] },
  // Every page's scripts and styles carry their SHA-384 (docs/security.md).
  // The installable app's icons are drawn at build time (scripts/vite-app-icons.ts).
  // The app's and the patient area's chunks load beside the entry, not after it has run (scripts/vite-preload-route.ts).
  plugins: [
    react(),
    preloadRoute([
      { module: 'src/app-start.tsx', styles: 'stylesheet' },
      { module: 'src/areas/patient/patient-app.tsx', styles: 'preload' },
    ]),
    subresourceIntegrity(),
    appIcons(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    manifest: true,
    // The product's app, and the small pages that run inside sandboxed frames (each its own entry, so the frames
    // load none of the app).
    rollupOptions: {
      input: { main: page('index.html'), selfAssessment: page('self-assessment.html') },
      // The first page in a few files instead of two dozen: on a phone's HTTP/1.1 connections (six per site) every
      // round of small requests costs a round trip before the page can show (bench/README.md, Lighthouse).
      // - vendor: the libraries every area's first page runs;
      // - app: the shared code of the first page (API client, texts, components), which the staff apps use too;
      // - patient: the patient area's part of it, which staff never load.
      // (Bundle budget: scripts/check-bundle-size.mjs.)
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: FIRST_PAGE_LIBRARIES, priority: 4 },
            { name: (id, ctx) => (firstPage(ctx).boot.has(id) ? 'boot' : null), debugName: 'boot', priority: 3 },
            {
              name: (id, ctx) => (firstPage(ctx).app.has(id) && !isPatientArea(id) && !isContract(id) ? 'app' : null),
              debugName: 'app',
              priority: 2,
            },
            { name: (id, ctx) => (firstPage(ctx).app.has(id) && isPatientArea(id) ? 'patient' : null), debugName: 'patient', priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // In development the API runs on :3000 (npm run dev at the root).
    proxy: { '/api': 'http://localhost:3000', '/test-idp': 'http://localhost:3000' },
  },
});
