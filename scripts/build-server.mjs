// `npm run build:server`: the server as production runs it, compiled JavaScript instead of a TypeScript loader.
// esbuild bundles apps/server/src/main.ts and the contracts package (TypeScript sources, a workspace) into
// apps/server/dist/main.js with a source map; every other package stays an import of node_modules, as installed.
// Types are checked by `tsc` in `npm test`, not here: esbuild only strips them.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'apps/server/dist');

/** Bare imports stay imports (node_modules), except the workspace's own contracts, which are sources to compile. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@prsp/contracts' || args.path.startsWith('@prsp/contracts/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: ['apps/server/src/main.ts'],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  // Stack traces name the source files; their text stays out of the image.
  sourcesContent: false,
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`server built: apps/server/dist/main.js (${Math.round(bytes / 1024)} KB with its source map)`);
