import { fileURLToPath } from 'node:url';
import { globSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

// The web app's `@/…` imports (apps/web/tsconfig.json `paths`, apps/web/vite.config.ts `resolve.alias`).
const webAlias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }];

const SERVER_TESTS = ['apps/server/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts', 'scripts/**/*.test.ts'];
/**
 * Server test files that replace a module (`vi.mock`): a replacement takes only where the module is loaded afresh, so
 * these run isolated, each in a worker of its own (project 'server-isolated'). Found by their text, so a new one
 * needs no list.
 */
const MOCKING = globSync(SERVER_TESTS, { cwd: import.meta.dirname, exclude: (f) => f.includes('node_modules') }).filter((file) =>
  /\bvi\.(mock|doMock)\(/.test(readFileSync(new URL(file, import.meta.url), 'utf8')),
);
const server = { environment: 'node', env: { TZ: 'UTC' }, testTimeout: 30_000, hookTimeout: 60_000 } as const;

export default defineConfig({
  test: {
    projects: [
      // The other server test files share their worker's loaded modules (isolate: false), one worker for them all
      // (vitest shares a worker only then; scripts/test.mjs runs shards side by side instead): loading the app again
      // for each of some 280 files was half of the unit and integration tests' time. Each file still has a database
      // and an app of its own (apps/server/src/test/test-app.ts), and spies, stubbed globals and environment variables
      // are put back after every test.
      {
        test: {
          ...server,
          name: 'server',
          include: SERVER_TESTS,
          exclude: [...configDefaults.exclude, ...MOCKING],
          isolate: false,
          maxWorkers: 1,
          restoreMocks: true,
          unstubEnvs: true,
          unstubGlobals: true,
          sequence: { groupOrder: 1 },
        },
      },
      { test: { ...server, name: 'server-isolated', include: MOCKING.length > 0 ? MOCKING : ['no such file'] } },
      // The web app's rules run in plain Node; only component tests (*.test.tsx) and the few that need a browser's
      // document or storage (*.dom.test.ts) pay for jsdom, which was three quarters of the web tests' time.
      {
        resolve: { alias: webAlias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          exclude: ['apps/web/src/**/*.dom.test.ts'],
          environment: 'node',
          env: { TZ: 'UTC' },
        },
      },
      {
        resolve: { alias: webAlias },
        test: {
          name: 'web-dom',
          include: ['apps/web/src/**/*.test.tsx', 'apps/web/src/**/*.dom.test.ts'],
          environment: 'jsdom',
          env: { TZ: 'UTC' },
          // The act environment, the <dialog> stand-in and unmounting what apps/web/src/test/mount.tsx mounted.
          setupFiles: ['apps/web/src/test/dom-setup.ts'],
          unstubGlobals: true,
        },
      },
    ],
  },
});
