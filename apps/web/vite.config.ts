import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, target: 'es2022', manifest: true },
  server: {
    port: 5173,
    // In development the API runs on :3000 (npm run dev at the root).
    proxy: { '/api': 'http://localhost:3000', '/test-idp': 'http://localhost:3000' },
  },
});
