import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { subresourceIntegrity } from '../../scripts/vite-subresource-integrity';

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  // Every page's scripts and styles carry their SHA-384 (docs/security.md).
  plugins: [react(), subresourceIntegrity()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    manifest: true,
    // The product's app, and the small pages that run inside sandboxed frames (each its own entry, so the frames
    // load none of the app).
    rollupOptions: { input: { main: page('index.html'), selfAssessment: page('self-assessment.html') } },
  },
  server: {
    port: 5173,
    // In development the API runs on :3000 (npm run dev at the root).
    proxy: { '/api': 'http://localhost:3000', '/test-idp': 'http://localhost:3000' },
  },
});
