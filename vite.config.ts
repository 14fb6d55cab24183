import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { precompressPlugin } from './scripts/precompress';

/**
 * Adds `<link rel="modulepreload" data-after-first-paint>` for the board's data chunk
 * (features/board/board-data.tsx: TanStack Query, the SDK, the order lines) and its static
 * imports, so they download in parallel with the first-paint script instead of one round trip
 * after it has run (docs/decisions/011). The board still paints without them.
 */
function preloadBoardData(): Plugin {
  return {
    name: 'trolleyboard:preload-board-data',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const data = chunks.find((c) => c.facadeModuleId?.endsWith('src/web/features/board/board-data.tsx'));
        if (!entry || !data) return [];
        const closure = (start: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(start)) return seen;
          seen.add(start);
          const chunk = bundle[start];
          if (chunk?.type === 'chunk') for (const dep of chunk.imports) closure(dep, seen);
          return seen;
        };
        const firstPaint = closure(entry.fileName);
        return [...closure(data.fileName)]
          .filter((file) => !firstPaint.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-after-first-paint': true },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

// The SPA is built to dist/web and served by the Fastify server; in `npm run dev`
// Vite proxies the API to the server so the SDK can use the page's own origin.
export default defineConfig({
  root: '.',
  plugins: [react(), tailwindcss(), preloadBoardData(), precompressPlugin()],
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: false },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8090', changeOrigin: false } },
  },
});
