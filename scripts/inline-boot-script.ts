// Builds the boot scripts of web/boot/ into small classic scripts and puts them inline in
// index.html, so they run as soon as the HTML arrives, before any of the app's scripts has
// downloaded: the week's request at the top (docs/decisions/014); the theme right after the
// `theme-color` tag it sets, before the stylesheet, so the first paint is already light or dark
// (docs/decisions/050); and the board kept on the device at the end of the body, just after
// `#root`, which it fills (docs/decisions/051). The server allows exactly these scripts by their hashes in the CSP
// (server/plugins/security-headers.ts reads the hashes from the built index.html).
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const PREFETCH_ENTRY = 'src/web/boot/prefetch-week.ts';
const THEME_ENTRY = 'src/web/boot/apply-theme.ts';
const KEPT_BOARD_ENTRY = 'src/web/boot/show-kept-board.ts';
const THEME_COLOUR_TAG = /<meta name="theme-color"[^>]*>/;
/** More than this many bytes inline in every page load means a boot script took on too much. */
const MAX_BOOT_BYTES = 4096;

export function inlineBootScript(): Plugin {
  let apiUrl = '';
  return {
    name: 'trolleyboard:inline-boot-script',
    configResolved(config) {
      apiUrl = typeof config.env['VITE_API_URL'] === 'string' ? config.env['VITE_API_URL'] : '';
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const [prefetch, theme, keptBoard] = await Promise.all(
          [PREFETCH_ENTRY, THEME_ENTRY, KEPT_BOARD_ENTRY].map((entry) => buildBootScript(entry, apiUrl)),
        );
        if (!THEME_COLOUR_TAG.test(html)) throw new Error('index.html has no <meta name="theme-color">, which the theme script sets.');
        return {
          html: html.replace(THEME_COLOUR_TAG, (tag) => `${tag}\n    <script>${theme}</script>`),
          tags: [
            { tag: 'script', children: prefetch, injectTo: 'head-prepend' },
            { tag: 'script', children: keptBoard, injectTo: 'body' },
          ],
        };
      },
    },
  };
}

async function buildBootScript(entry: string, apiUrl: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2020',
    platform: 'browser',
    legalComments: 'none',
    // config.ts reads the API's address from Vite's env; a classic script has no import.meta.
    // The boot script bundles lib/config.ts, which reads these; it never runs in the dev server's way.
    define: { 'import.meta.env.VITE_API_URL': JSON.stringify(apiUrl), 'import.meta.env.DEV': 'false' },
  });
  const code = result.outputFiles[0]?.text.trim() ?? '';
  if (code.length > MAX_BOOT_BYTES) {
    throw new Error(`${entry} builds to ${code.length} bytes; keep an inline boot script under ${MAX_BOOT_BYTES}.`);
  }
  return code;
}
