import path from 'node:path';
import { build } from 'esbuild';
import { isServerBuildStale, serverBundle } from './build-inputs.js';

// The inputs and the staleness check live in build-inputs.js, shared with scripts/start.js.
export { isServerBuildStale, serverBundle } from './build-inputs.js';

/**
 * Bundles src/server/main.ts (with src/domain, reached through the `#domain/*` imports of
 * package.json) into one ES module. Packages stay external: node_modules is there at run time,
 * and native ones (better-sqlite3, argon2) cannot be bundled anyway.
 */
export async function buildServer(root: string): Promise<void> {
  await Promise.all([
    bundle(root, path.join(root, 'src', 'server', 'main.ts'), serverBundle(root)),
    // The PDF worker's program (docs/decisions/080), in its own file: the main bundle never
    // holds jsPDF or the drawings. It keeps the folder depth of its source, which it finds the
    // fonts by.
    bundle(root, path.join(root, 'src', 'server', 'pdf', 'pdf-worker.ts'), path.join(root, 'dist', 'server', 'pdf', 'pdf-worker.js')),
  ]);
}

async function bundle(root: string, entry: string, outfile: string): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Minified and without comments: the bundle's source text stays in the heap as a string for
    // as long as the server runs (docs/decisions/073). keepNames keeps function and class names
    // in stack traces and `.name`; the source map maps lines back with `--enable-source-maps`.
    minify: true,
    keepNames: true,
    legalComments: 'none',
    // ASCII output: one non-ASCII character would make V8 store the whole source two bytes a character.
    charset: 'ascii',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

/** Builds the server only when its sources changed since the last build. */
export async function ensureServerBuild(root: string): Promise<void> {
  if (!isServerBuildStale(root)) return;
  console.log('[build] dist/server is missing or older than its sources: bundling the server with esbuild');
  await buildServer(root);
}
