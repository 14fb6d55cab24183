// A PostgreSQL for the bench: TEST_DATABASE_URL when given, otherwise (as root, with Debian's
// postgresql) a throwaway cluster from scripts/with-postgres.sh, kept until `stop()`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
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
  // The script keeps the cluster while its command runs; ours waits for stdin to close.
  const child = spawn('bash', [`${ROOT}/scripts/with-postgres.sh`, 'bash', '-c', 'echo "URL=$TEST_DATABASE_URL"; cat > /dev/null'], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
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
      child.stdin.end();
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
