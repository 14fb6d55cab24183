// What dist/ is built from, and whether it is older than that. Plain JavaScript so that
// scripts/start.js can ask before starting tsx (~0.9 s): when nothing changed, `npm start` goes
// straight to the server (docs/decisions/073). scripts/web-build.ts and scripts/server-build.ts
// use the same lists, so the quick check and the build never disagree.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Inputs of `vite build`: a change to any of them makes dist/web stale. */
export const WEB_INPUTS = ['src/web', 'src/domain', 'public', 'index.html', 'vite.config.ts', 'scripts/pwa-options.ts', 'package.json'];

/** Inputs of the server bundle: a change to any of them makes dist/server stale. */
export const SERVER_INPUTS = ['src/server', 'src/domain', 'package.json', 'scripts/server-build.ts', 'scripts/build-inputs.js'];

/** Newest modification time of a file, or of anything inside a folder (0 when missing). */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file only shows as a newer folder
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when `built` is missing or older than any of `inputs` (paths relative to `root`). */
export function isStale(root, built, inputs) {
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

export const webBuilt = (root) => path.join(root, 'dist', 'web', 'index.html');
export const serverBundle = (root) => path.join(root, 'dist', 'server', 'main.js');

/** True when dist/web/index.html is missing or older than any web input. */
export const isWebBuildStale = (root) => isStale(root, webBuilt(root), WEB_INPUTS);

/** True when dist/server/main.js is missing or older than any server input. */
export const isServerBuildStale = (root) => isStale(root, serverBundle(root), SERVER_INPUTS);
