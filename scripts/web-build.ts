import { spawn } from 'node:child_process';
import path from 'node:path';
import { isWebBuildStale } from './build-inputs.js';

// The inputs and the staleness check live in build-inputs.js, shared with scripts/start.js.
export { isWebBuildStale, newestMtime } from './build-inputs.js';

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
