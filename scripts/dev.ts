// `npm run dev`: the server under `tsx watch` (restarts on change) and the Vite dev server (hot
// reload, proxies /api to the server as vite.config.ts says), started and stopped together.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervise';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);
const VITE_PORT = 5173;

// vite.config.ts proxies /api to 127.0.0.1:8090, so the server must listen there; mail links
// should open the page served by Vite. Explicit settings still win.
const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: process.env.PORT ?? '8090',
  APP_URL: process.env.APP_URL ?? `http://127.0.0.1:${VITE_PORT}`,
};
if (serverEnv.PORT !== '8090') console.warn(`[dev] PORT=${serverEnv.PORT}: Vite's /api proxy expects the server on 8090.`);

console.log(`[dev] web app with hot reload: http://127.0.0.1:${VITE_PORT}  (API on port ${serverEnv.PORT})`);
supervise(
  [
    { name: 'server', command: bin('tsx'), args: ['watch', '--clear-screen=false', 'src/server/main.ts'], cwd: root, env: serverEnv },
    { name: 'vite', command: bin('vite'), args: ['--host', '127.0.0.1', '--port', String(VITE_PORT), '--strictPort'], cwd: root },
  ],
  { graceMs: 5_000 },
);
