// Brings dist/ up to date for `npm start`: the web app (vite build) and the server bundle
// (esbuild), each only when its sources changed. scripts/start.js runs this in a child process,
// so the memory the builds take is given back before the server starts.
import { fileURLToPath } from 'node:url';
import { ensureServerBuild } from './server-build';
import { ensureWebBuild } from './web-build';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  await ensureWebBuild(root);
  await ensureServerBuild(root);
} catch (err) {
  console.error(`[build] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
