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
 * - The shell (index.html) and every built file are precached: the hashed files are served from
 *   the cache; a new build is a new service worker with a new list, which waits until the person
 *   reloads ("New version — Reload") rather than taking over a page it did not load.
 * - A page load asks the network for index.html first, so online a page always starts with the
 *   server's current shell and never runs an old one against a newer API; only without an answer
 *   within NAVIGATION_TIMEOUT_S (offline, or Wi-Fi that hangs) is the precached shell used.
 * - The API is never cached here: the app keeps its data in IndexedDB, marked with its age, and
 *   removes it on sign-out (web/lib/offline/).
 * - The .gz and .br copies (scripts/precompress.ts) are the server's business, not the cache's:
 *   the precache asks for each file as the browser does, and gets the compressed copy.
 */
const NAVIGATION_TIMEOUT_S = 3;

export const serviceWorkerOptions: Partial<VitePWAOptions['workbox']> = {
  globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,ttf,woff2}'],
  // jsPDF's optional parts for HTML and SVG (html2canvas, DOMPurify, canvg): our PDFs never load them.
  globIgnores: ['**/*.gz', '**/*.br', 'assets/html2canvas-*.js', 'assets/purify.es-*.js', 'assets/index.es-*.js'],
  // The PDF fonts are the largest files; a yard tablet that prints needs them offline too.
  maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  cleanupOutdatedCaches: true,
  navigateFallback: null,
  navigationPreload: true,
  runtimeCaching: [
    {
      urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
      handler: 'NetworkFirst',
      options: {
        cacheName: 'trolleyboard-pages',
        networkTimeoutSeconds: NAVIGATION_TIMEOUT_S,
        // Never keep a page from the network: a newer index.html names files the precache of the
        // running service worker does not hold, and offline it would load nothing. No response
        // carries this header, so nothing is stored and the fallback is always the precached shell.
        cacheableResponse: { headers: { 'x-trolleyboard-keep-page': 'never-sent' } },
        precacheFallback: { fallbackURL: '/index.html' },
      },
    },
  ],
};
