import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { subresourceIntegrity } from '../../scripts/vite-subresource-integrity.ts';

/**
 * The survey runner's own build (docs/surveys.md), into the app's `dist` after the app's. Built apart rather than as
 * another entry of the app's build: an entry sharing React and the translator with the app would split them out of the
 * app's first chunk, and the extra chunks would cost the patient's first page its JavaScript budget. The runner
 * carries its own copy instead; it loads in its frame only.
 */
export default defineConfig({
  // `@/…` is apps/web/src, as in vite.config.ts.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('src/', import.meta.url)) }] },
  // Every page's scripts and styles carry their SHA-384 (docs/security.md).
  plugins: [react(), subresourceIntegrity()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    target: 'es2022',
    // The app's manifest (the bundle budget reads it) stays the app's.
    manifest: false,
    rollupOptions: { input: { surveyRunner: fileURLToPath(new URL('survey-runner.html', import.meta.url)) } },
  },
});
