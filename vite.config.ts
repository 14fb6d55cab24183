import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { inlineBootScript } from './scripts/inline-boot-script';
import { precompressPlugin } from './scripts/precompress';
import { appManifest, serviceWorkerOptions } from './scripts/pwa-options';

/**
 * The app is written against React's API and types; Preact runs it, at a tenth of React DOM's
 * size and with far less work per render on a slow tablet (decision 014). The component tests
 * (vitest.config.ts) run on it too.
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

// The SPA is built to dist/web and served by the Fastify server; in `npm run dev`
// Vite proxies the API to the server so the SDK can use the page's own origin.
export default defineConfig({
  root: '.',
  plugins: [
    react(),
    tailwindcss(),
    inlineBootScript(),
    // The installable app and its service worker (docs/decisions/046). The app registers it itself,
    // after the board has painted (web/lib/offline/service-worker.ts).
    VitePWA({ registerType: 'prompt', injectRegister: false, manifest: appManifest, workbox: serviceWorkerOptions }),
    precompressPlugin(),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // No preload lists: each import() on the board's path carried the names of every file its
    // chunk needs, 2.4 kB of the board's first load (docs/decisions/074). A lazily loaded screen
    // now fetches the files it imports when it has arrived (a round trip per level of imports, on a
    // first visit only: the service worker keeps every file once the board has painted).
    modulePreload: false,
    rolldownOptions: {
      // A module the board imports statically may also be imported with import() elsewhere; it
      // stays in the board's file, which Rolldown reports for every such import.
      onLog(level, log, handler) {
        if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
      },
      output: {
        // What the board needs to show the week's orders travels as one file: on yard Wi-Fi each
        // extra file waits its turn for one of the browser's six connections (decision 014). That
        // file is exactly what the entry imports statically (Rolldown's `$initial` tag): whatever
        // the board reaches only through import() (the SDK, realtime, saving and the outbox's
        // sender, IndexedDB, other screens, dialogs, drag and drop, the PDF code) loads after the
        // first paint or on first use, split as Rolldown sees fit (docs/decisions/074). A static
        // import added on the board's path adds to its first load; scripts/check-bundle-budget.ts
        // fails `npm test` when that passes the budget.
        codeSplitting: {
          groups: [{ name: 'board', tags: ['$initial'] }],
        },
      },
    },
  },
  resolve: { alias: preactAliases },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8090', changeOrigin: false } },
  },
});
