import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress';

// The SPA is built to dist/web and served by the Fastify server; in `npm run dev`
// Vite proxies the API to the server so the SDK can use the page's own origin.
export default defineConfig({
  root: '.',
  plugins: [react(), tailwindcss(), precompressPlugin()],
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8090', changeOrigin: false } },
  },
});
