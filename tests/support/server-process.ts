// The real server as an operator runs it: `src/server/main.ts` in its own Node process (under tsx,
// as `npm run dev` does) on a free loopback port with its own DATA_DIR, for tests that signal,
// kill and restart it. The operator CLI (`npm run admin`) is run the same way.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStatement } from './postgres';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 60_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything the server printed so far (JSON log lines). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  kill(signal: NodeJS.Signals): void;
}

export interface ServerProcessOptions {
  dataDir: string;
  /** PostgreSQL URL (e.g. from isolatedDatabaseUrl); null or absent is SQLite in dataDir. */
  databaseUrl?: string | null;
  /** Reuse a port (a restart); default a free one. */
  port?: number;
  env?: NodeJS.ProcessEnv;
}

/** Settings every child gets: nothing from a developer's .env or shell may leak in. */
function childEnv(options: ServerProcessOptions, port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    DELETE_PASSWORD: 'Prune-The-Roses',
    TOKEN_SECRET: 'fault-tests-token-secret-0123456789abcdef',
    WEB_DIR: 'none',
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...options.env,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the server and waits until /api/health answers 200. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'src', 'server', 'main.ts')], {
    cwd: repoRoot,
    env: childEnv(options, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (hasExited) throw new Error(`the server exited before it was ready:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await sleep(100);
  }
  return {
    url,
    pid: child.pid ?? -1,
    output: () => output,
    exited,
    kill: (signal) => void child.kill(signal),
  };
}

/** Starts the server expecting it to refuse to start: resolves with how it exited and what it printed. */
export async function serverExit(options: ServerProcessOptions): Promise<Exit & { output: string }> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'src', 'server', 'main.ts')], {
    cwd: repoRoot,
    env: childEnv(options, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // A server that does start after all is stopped, so the test fails on its exit code, not a timeout.
  const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
}

/** Runs `npm run admin -- <args>` (src/server/admin/cli.ts) against the same settings. */
export function runAdmin(args: string[], options: ServerProcessOptions): Promise<Exit & { stdout: string; stderr: string }> {
  return runScript(['src', 'server', 'admin', 'cli.ts'], args, options);
}

/** Runs the TypeScript file at `script` (path parts from the repository root) under tsx, against the same settings. */
export function runScript(
  script: string[],
  args: string[],
  options: ServerProcessOptions,
): Promise<Exit & { stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, ...script), ...args], {
      cwd: repoRoot,
      env: childEnv(options, 0),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** A staff account (verified, terms accepted) made with the operator CLI, as an operator would. */
export async function createStaffWithCli(
  options: ServerProcessOptions,
  username: string,
): Promise<{ username: string; email: string; password: string }> {
  const account = { username, email: `${username}@nursery.test`, password: 'Greenhouse-Trolley-42' };
  const result = await runAdmin(
    ['create-user', '--username', username, '--email', account.email, '--password', account.password, '--verified', '--accept-terms'],
    options,
  );
  if (result.code !== 0) throw new Error(`create-user failed (${result.code}): ${result.stderr}${result.stdout}`);
  return account;
}

/**
 * With TEST_DATABASE_URL (the PostgreSQL pass), a schema of its own for one test's server
 * processes (search_path in the URL); null otherwise, meaning SQLite in DATA_DIR.
 */
export async function isolatedDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return null;
  const schema = `fault_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const run = (sql: string) => runStatement(baseUrl, sql);
  await run(`CREATE SCHEMA "${schema}"`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => run(`DROP SCHEMA "${schema}" CASCADE`) };
}
