import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preloadRoute } from '../../scripts/vite-preload-route';
import { subresourceIntegrity } from '../../scripts/vite-subresource-integrity';
import { appIcons } from '../../scripts/vite-app-icons';

const FIRST_PAGE_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|zod|use-sync-external-store)[\\/]/;

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  // Every page's scripts and styles carry their SHA-384 (docs/security.md).
  // The installable app's icons are drawn at build time (scripts/vite-app-icons.ts).
  // The patient area's chunks load beside the entry, not after it has run (scripts/vite-preload-route.ts).
  plugins: [react(), preloadRoute('src/areas/patient/patient-app.tsx'), subresourceIntegrity(), appIcons()],
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
      // The libraries every area's first page runs, in one file: one request and one gzip window instead of a
      // dozen small shared chunks (bundle budget: scripts/check-bundle-size.mjs).
      output: { manualChunks: (id) => (FIRST_PAGE_LIBRARIES.test(id) ? 'vendor' : undefined) },
    },
  },
  server: {
    port: 5173,
    // In development the API runs on :3000 (npm run dev at the root).
    proxy: { '/api': 'http://localhost:3000', '/test-idp': 'http://localhost:3000' },
  },
});
