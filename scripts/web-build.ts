import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Inputs of `vite build`: a change to any of them makes dist/web stale. */
const WEB_INPUTS = ['src/web', 'src/domain', 'public', 'index.html', 'vite.config.ts', 'scripts/pwa-options.ts', 'package.json'];

/** Newest modification time of a file, or of anything inside a folder (0 when missing). */
export function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file only shows as a newer folder
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when dist/web/index.html is missing or older than any web input. */
export function isWebBuildStale(root: string): boolean {
  const built = path.join(root, 'dist', 'web', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return WEB_INPUTS.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

/** Runs `vite build` with the terminal's output; rejects when it fails. */
export function buildWeb(root: string): Promise<void> {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (${signal ?? `exit code ${code}`}); the web app was not built.`));
    });
  });
}

/** Builds the web app only when its sources changed since the last build. */
export async function ensureWebBuild(root: string): Promise<void> {
  if (!isWebBuildStale(root)) return;
  console.log('[build] dist/web is missing or older than its sources: running vite build');
  await buildWeb(root);
}
