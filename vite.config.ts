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
    rolldownOptions: {
      // The SDK, the order cache, the query provider and the toasts are imported lazily by code
      // that keeps decision 006's first-paint rule; the board group below puts them into the
      // board's file on purpose, which Rolldown reports for every such import.
      onLog(level, log, handler) {
        if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
      },
      output: {
        // Everything the board needs to show the week's orders travels as one file: on yard Wi-Fi
        // each extra file waits its turn for one of the browser's six connections (decision 014).
        // Other screens, the toasts (not needed to show orders), drag and drop (the mapper's, and
        // the board's in features/board/drag), the trolley mapper's planning rules (vehicles, Fill,
        // run checks: the board never plans a load), the PDF code, the collections' declarations
        // (read by the forms, not the board), the ledger's statements and pool check, standing
        // orders, customer matching, trolley labels, the theme (applied by index.html; Settings changes it), the board's Fill week, Copy and Import CSV dialogs, the Colours panel, the first-use card and Plan deliveries' planner and capacity and the fleet's queries (docs/decisions/076) (opened on demand;
        // only the balances behind the owed badges are the board's) stay lazy.
        codeSplitting: {
          groups: [
            {
              name: 'board',
              test: /\/node_modules\/(preact|@tanstack|pocketbase|lucide-react|idb-keyval)\/|\/src\/(domain(?!\/collections\/|\/trolleys\/(load-plan|run-plan|vehicle-layouts|validate-run|run-fields)\.ts|\/ledger\/(?!ledger-api)|\/standing-orders\/|\/customers\/matching|\/labels\/|\/runs\/(?!drops\.ts|runs-api)|\/driver\/|\/csv\/|\/plan\/)|web\/(lib(?!\/pdf|\/theme\.ts|\/driver\/|\/plan\/|\/fleet\/|\/ledger\/(?!ledger-queries)|\/standing-orders\/|\/runs\/(?!delivered-marks|run-queries))|components\/ui(?!\/toaster)|features\/board(?!\/drag|\/(fill-week|copy-orders|import-orders)-dialog|\/board-legend-panel|\/first-use\/first-use-card|\/plan\/(plan-deliveries-dialog|day-capacity))|app))\//,
            },
          ],
        },
      },
    },
  },
  resolve: { alias: preactAliases },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8090', changeOrigin: false } },
  },
});
