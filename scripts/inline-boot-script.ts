// Builds web/boot/prefetch-week.ts into a small classic script and puts it inline at the top of
// index.html, so it runs as soon as the HTML arrives, before any of the app's scripts has
// downloaded (docs/decisions/014); and web/boot/show-kept-board.ts at the end of the body, just
// after `#root`, which it fills with the board kept on the device (docs/decisions/051). The server allows exactly this script by its hash in the CSP
// (server/plugins/security-headers.ts reads the hashes from the built index.html).
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const BOOT_SCRIPTS = [
  { entry: 'src/web/boot/prefetch-week.ts', injectTo: 'head-prepend' },
  { entry: 'src/web/boot/show-kept-board.ts', injectTo: 'body' },
] as const;
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
      async handler() {
        return Promise.all(
          BOOT_SCRIPTS.map(async ({ entry, injectTo }) => ({ tag: 'script', children: await buildBootScript(entry, apiUrl), injectTo })),
        );
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
