import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { newestMtime } from './web-build';

/** Inputs of the server bundle: a change to any of them makes dist/server stale. */
const SERVER_INPUTS = ['src/server', 'src/domain', 'package.json', 'scripts/server-build.ts'];

export const serverBundle = (root: string): string => path.join(root, 'dist', 'server', 'main.js');

/** True when dist/server/main.js is missing or older than any server input. */
export function isServerBuildStale(root: string): boolean {
  const bundle = serverBundle(root);
  if (!existsSync(bundle)) return true;
  const builtAt = statSync(bundle).mtimeMs;
  return SERVER_INPUTS.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

/**
 * Bundles src/server/main.ts (with src/domain, reached through the `#domain/*` imports of
 * package.json) into one ES module. Packages stay external: node_modules is there at run time,
 * and native ones (better-sqlite3, argon2) cannot be bundled anyway.
 */
export async function buildServer(root: string): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'src', 'server', 'main.ts')],
    outfile: serverBundle(root),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Stack traces can be mapped back with `node --enable-source-maps` when needed.
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
