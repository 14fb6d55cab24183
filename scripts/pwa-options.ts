// The installed app's manifest and what its service worker keeps (docs/decisions/046), for
// vite-plugin-pwa in vite.config.ts. The icons are drawn by scripts/make-app-icons.ts.
import type { ManifestOptions, VitePWAOptions } from 'vite-plugin-pwa';

/** The product's green: the header's emerald-700 and index.html's theme-color. */
const THEME_COLOUR = '#047857';

export const appManifest: Partial<ManifestOptions> = {
  name: 'Trolleyboard',
  short_name: 'Trolleyboard',
  description: 'Create and track orders: the weekly order board and trolley planner of a plant nursery.',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOUR,
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * - The shell (index.html) and every built file are precached and served from the cache: a page
 *   load (a navigation outside /api/) is answered with the precached index.html at once, without
 *   the round trip to the server (150 ms and more on yard Wi-Fi, seconds when it hangs).
 * - A new build is a new service worker with a new list. The browser looks for one on every page
 *   load, and the app when the tab is shown again and every hour; it installs beside the running
 *   one and waits until the person reloads ("New version of Trolleyboard — Reload") rather than
 *   taking over a page it did not load.
 * - In the meantime a page runs the build it was loaded with, which the server may no longer
 *   serve: every request names its build, and the server refuses a change from another one
 *   (`plugins/app-build-check.ts`) with a sentence and the same Reload, so an old shell never
 *   writes through a newer API.
 * - The API is never cached here: the app keeps its data in IndexedDB, marked with its age, and
 *   removes it on sign-out (web/lib/offline/).
 * - The .gz and .br copies (scripts/precompress.ts) are the server's business, not the cache's:
 *   the precache asks for each file as the browser does, and gets the compressed copy.
 */
export const serviceWorkerOptions: Partial<VitePWAOptions['workbox']> = {
  globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,ttf,woff2}'],
  // jsPDF's optional parts for HTML and SVG (html2canvas, DOMPurify, canvg): our PDFs never load them.
  globIgnores: ['**/*.gz', '**/*.br', 'assets/html2canvas-*.js', 'assets/purify.es-*.js', 'assets/index.es-*.js'],
  // The PDF fonts are the largest files; a yard tablet that prints needs them offline too.
  maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  cleanupOutdatedCaches: true,
  navigateFallback: '/index.html',
  // The API, and a file opened in a tab of its own (a photo, a PDF, the manifest), go to the server.
  navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/assets\//, /\/[^/]*\.[A-Za-z0-9]{1,12}$/],
};
