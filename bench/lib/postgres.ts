// A PostgreSQL for the bench: TEST_DATABASE_URL when given, otherwise (as root, with Debian's
// postgresql) a throwaway cluster from scripts/with-postgres.sh, kept until `stop()`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from './processes';

export interface Postgres {
  url: string;
  stop(): Promise<void>;
}

/** The cluster, or a sentence saying why there is none. */
export async function startPostgres(): Promise<Postgres | string> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: async () => {} };
  const hasInitdb =
    fs.existsSync('/usr/lib/postgresql') &&
    fs.readdirSync('/usr/lib/postgresql').some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
  if (process.getuid?.() !== 0 || !hasInitdb)
    return "no PostgreSQL: set TEST_DATABASE_URL, or run as root with Debian's postgresql installed";
  // The script keeps the cluster while its command runs; ours waits until the hold file is gone
  // (the script runs it in the background, so it has no stdin to wait on).
  const hold = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-')), 'hold');
  fs.writeFileSync(hold, '');
  const child = spawn(
    'bash',
    [`${ROOT}/scripts/with-postgres.sh`, 'bash', '-c', 'echo "URL=$TEST_DATABASE_URL"; while [ -e "$BENCH_PG_HOLD" ]; do sleep 0.2; done'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, BENCH_PG_HOLD: hold } },
  );
  let output = '';
  const url = await new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /^URL=(postgres:\/\/\S+)$/m.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.once('exit', () => resolve(null));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      fs.rmSync(path.dirname(hold), { recursive: true, force: true });
    });
  if (!url) {
    await stop();
    return `PostgreSQL did not start: ${output.trim().slice(-500)}`;
  }
  return { url, stop };
}

/** A fresh database on the cluster; returns its URL. */
export async function freshDatabase(baseUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: baseUrl });
  client.on('error', () => {}); // a dropped connection fails the query below instead of the process
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}"`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
