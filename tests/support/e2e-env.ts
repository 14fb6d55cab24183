import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Where the e2e server listens and keeps its files. Shared by playwright.config.ts (main process
// and every worker), tests/support/e2e-server.ts and the fixtures, so all of them agree.

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const DEFAULT_PORT = 8787;

/**
 * E2E_PORT if given; else 8787, or a free port when 8787 is taken (another run on this machine).
 * The choice is written back to process.env so Playwright's workers and the web server, which
 * inherit the runner's environment, see the same port without probing again.
 */
function choosePort(): number {
  const given = process.env.E2E_PORT?.trim();
  if (given) {
    const port = Number(given);
    if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`E2E_PORT must be a port number, got "${given}".`);
    return port;
  }
  // Synchronous because Playwright configs are loaded synchronously; a tiny child does the probe.
  const probe = `const net=require('node:net');const s=net.createServer();s.once('error',()=>{const t=net.createServer();t.listen(0,'127.0.0.1',()=>{console.log(t.address().port);t.close()})});s.listen(${DEFAULT_PORT},'127.0.0.1',()=>{console.log(${DEFAULT_PORT});s.close()})`;
  const port = Number(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim());
  if (port !== DEFAULT_PORT) console.log(`[e2e] port ${DEFAULT_PORT} is busy; using ${port} (set E2E_PORT to choose).`);
  process.env.E2E_PORT = String(port);
  return port;
}

export const e2ePort = choosePort();
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;

/**
 * Where this run's reports go (playwright.json, test-results/): TEST_RESULTS_DIR (scripts/test.sh
 * sets it for the whole run), else .tmp/run-<pid of the Playwright runner>. Written back to
 * process.env like the port, so the workers use the runner's folder rather than their own pid's.
 */
function chooseResultsDir(): string {
  const dir = path.resolve(repoRoot, process.env.TEST_RESULTS_DIR?.trim() || path.join('.tmp', `run-${process.pid}`));
  process.env.TEST_RESULTS_DIR = dir;
  return dir;
}
export const testResultsDir = chooseResultsDir();
/** Everything one e2e server writes lives here; it is emptied when that server starts. */
export const e2eWorkDir = path.join(repoRoot, '.tmp', 'e2e', String(e2ePort));
/** The loopback SMTP server stores each received message as <n>.eml in this folder. */
export const e2eMailDir = path.join(e2eWorkDir, 'mail');
export const e2eDataDir = path.join(e2eWorkDir, 'data');
export const E2E_DELETE_PASSWORD = 'e2e-delete';
export const E2E_SUPPORT_EMAIL = 'support@nursery.test';
