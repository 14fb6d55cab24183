// `npm start`: build the web app if its sources changed, then run the server (API + built SPA)
// as a child that gets SIGINT/SIGTERM forwarded and time to shut down cleanly.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervise';
import { ensureWebBuild } from './web-build';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  await ensureWebBuild(root);
} catch (err) {
  console.error(`[start] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

supervise([
  {
    name: 'server',
    command: process.execPath,
    args: ['--import', 'tsx', path.join(root, 'src', 'server', 'main.ts')],
    cwd: root,
  },
]);
