import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The web app's `@/…` imports (apps/web/tsconfig.json `paths`, apps/web/vite.config.ts `resolve.alias`).
const webAlias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          env: { TZ: 'UTC' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
        },
      },
    ],
  },
});
