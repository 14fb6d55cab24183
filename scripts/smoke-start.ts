// Checks `npm start` the way an operator would use it: start it on a free port with an empty
// data folder, wait until /api/health and the web app (/) answer 200, send SIGTERM and expect it
// to exit and free the port. Used by .ci/run; exits non-zero (with the server's log) on failure.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 20_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function status(url: string): Promise<{ code: number; body: string } | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return { code: res.status, body: await res.text() };
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const port = await freePort();
const workDir = mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-smoke-'));
const logFile = path.join(workDir, 'start.log');
const log = openSync(logFile, 'w');
const base = `http://127.0.0.1:${port}`;

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const child = spawn(npm, ['start'], {
  cwd: root,
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), APP_URL: base, DATA_DIR: path.join(workDir, 'data') },
  stdio: ['ignore', log, log],
  // Its own process group, signalled as a whole like a terminal or a service manager does.
  detached: true,
});
let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
const exitedPromise = new Promise<void>((resolve) => child.once('exit', (code, signal) => ((exited = { code, signal }), resolve())));
const killGroup = (signal: NodeJS.Signals) => {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
};
process.once('exit', () => killGroup('SIGKILL'));

const fail = (message: string): never => {
  console.error(
    `[smoke] FAILED: ${message}\n[smoke] --- npm start log ---\n${readFileSync(logFile, 'utf8').split('\n').slice(-60).join('\n')}`,
  );
  killGroup('SIGKILL');
  process.exit(1);
};

console.log(`[smoke] npm start on ${base} (DATA_DIR ${path.join(workDir, 'data')})`);
const startedAt = Date.now();
for (;;) {
  if (exited) fail(`npm start exited before it was ready (${JSON.stringify(exited)})`);
  const health = await status(`${base}/api/health`);
  const page = health?.code === 200 ? await status(`${base}/`) : null;
  if (health?.code === 200 && page?.code === 200) {
    const body = JSON.parse(health.body) as { code?: unknown; message?: unknown };
    if (body.code !== 200 || body.message !== 'API is healthy.') fail(`unexpected /api/health body: ${health.body}`);
    if (!/<div id="root"/.test(page.body)) fail('GET / answered 200 but not with the web app (no <div id="root">)');
    break;
  }
  if (Date.now() - startedAt > START_TIMEOUT_MS) fail(`no 200 from /api/health and / within ${START_TIMEOUT_MS / 1000} s`);
  await sleep(500);
}
console.log(`[smoke] ready after ${((Date.now() - startedAt) / 1000).toFixed(1)} s: /api/health and / answer 200`);

killGroup('SIGTERM');
const stoppedInTime = await Promise.race([exitedPromise.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
if (!stoppedInTime) fail(`npm start did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM`);
// npm exits at once on SIGTERM; the server first answers what clients already sent (a short
// drain, src/server/shutdown.ts), so give it a moment to let go of the port.
const npmExitedAt = Date.now();
while ((await status(`${base}/api/health`)) !== null) {
  if (Date.now() - npmExitedAt > STOP_TIMEOUT_MS) fail(`the server still answers ${STOP_TIMEOUT_MS / 1000} s after npm start exited`);
  await sleep(500);
}
console.log(`[smoke] stopped cleanly on SIGTERM (${JSON.stringify(exited)})`);
rmSync(workDir, { recursive: true, force: true });
