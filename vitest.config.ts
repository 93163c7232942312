import { defineConfig } from 'vitest/config';

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
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          exclude: ['apps/web/src/**/*.dom.test.ts'],
          environment: 'node',
          env: { TZ: 'UTC' },
        },
      },
      {
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
