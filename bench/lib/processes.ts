// Starting and stopping what the bench measures, and reading its memory from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface ProcInfo {
  pid: number;
  ppid: number;
  rssKb: number;
  command: string;
}

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may contain spaces; the fields after it are fixed.
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return { pid, ppid: Number(after[1]), rssKb: rss ? Number(rss[1]) : 0, command: cmdline };
  } catch {
    return null; // exited meanwhile
  }
}

/** `root` and every process descended from it, from /proc. */
export function processTree(root: number): ProcInfo[] {
  const all = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((p): p is ProcInfo => p !== null);
  const tree: ProcInfo[] = [];
  const wanted = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all) {
      if (!tree.includes(p) && (p.pid === root || wanted.has(p.ppid))) {
        tree.push(p);
        wanted.add(p.pid);
        grew = true;
      }
    }
  }
  return tree;
}

export interface TreeMemory {
  /** Everything `npm start` left running (launcher and server), without npm's own process. */
  mb: number;
  /** npm's own process, reported separately: a deployment may start the launcher without npm. */
  npmMb: number;
  processes: string[];
}

export function treeMemory(npmPid: number): TreeMemory {
  const tree = processTree(npmPid);
  const npm = tree.find((p) => p.pid === npmPid);
  const rest = tree.filter((p) => p.pid !== npmPid);
  return {
    mb: rest.reduce((sum, p) => sum + p.rssKb, 0) / 1024,
    npmMb: (npm?.rssKb ?? 0) / 1024,
    processes: rest.map((p) => `${p.pid} ${(p.rssKb / 1024).toFixed(0)} MB ${p.command.slice(0, 90)}`),
  };
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Output so far, for error messages. */
  log(): string;
  memory(): TreeMemory;
  stop(): Promise<void>;
}

export async function waitForHealth(url: string, child: ChildProcess | null, log: () => string, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}):\n${log().slice(-3000)}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url}/api/health within ${timeoutMs / 1000} s:\n${log().slice(-3000)}`);
    // Often enough that start-up figures (server.startup_ms) are not rounded up by up to a poll.
    await sleep(25);
  }
}

/** Stops a process group we started: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopGroup(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }, graceMs);
  await exited;
  clearTimeout(timer);
  // Give the rest of the group (the server under the launcher) a moment to go too.
  for (let i = 0; i < 50 && child.pid !== undefined && processTree(child.pid).length > 0; i++) await sleep(100);
}

/**
 * `npm start` exactly as an operator runs it, in its own process group, on a free port with its
 * own DATA_DIR. `env` adds settings (DATABASE_URL, TOKEN_SECRET, ...).
 */
export async function startNpmServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      DELETE_PASSWORD: BENCH_DELETE_PASSWORD,
      LOG_LEVEL: 'warn',
      // The bench logs in and signs up many clients from one address.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const log = () => output;
  await waitForHealth(url, child, log);
  return {
    url,
    port,
    dataDir,
    child,
    log,
    memory: () => treeMemory(child.pid as number),
    stop: () => stopGroup(child),
  };
}

export const BENCH_DELETE_PASSWORD = 'Bench-Delete-Password-7';

/** Runs a command to completion; rejects with its output when it fails. */
export function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}
