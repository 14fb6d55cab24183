// Writes a .gz and a .br copy next to every text asset of the built web app, so the server can
// send them as they are (@fastify/static `preCompressed`) instead of compressing each response:
// yard Wi-Fi is slow (docs/decisions/027) and compressing once at build time costs the server nothing.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Formats worth compressing: text, and the TrueType fonts the PDF code loads (docs/decisions/032),
 * which unlike images and web fonts (WOFF2) are stored uncompressed.
 */
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.ttf']);
/** Below this a compressed copy saves less than the headers that announce it. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** Compresses every eligible file under `dir`; returns how many files got compressed copies. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file)) || statSync(file).size <= MIN_BYTES) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    count += 1;
  }
  return count;
}

/** Vite plugin: precompress the output after every `vite build`, whoever runs it. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'trolleyboard-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
