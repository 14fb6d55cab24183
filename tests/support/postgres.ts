import type pg from 'pg';

// Loaded on first use: the SQLite pass never needs the driver, and every server test file
// imports this module (docs/decisions/085).
async function client(connectionString: string): Promise<pg.Client> {
  const { default: driver } = await import('pg');
  const connection = new driver.Client({ connectionString });
  await connection.connect();
  return connection;
}

export async function runStatement(connectionString: string, statement: string): Promise<void> {
  const connection = await client(connectionString);
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}

const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;

/** The URL of database `name` on the server of `baseUrl`. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A schema of its own in the database of `baseUrl` (search_path in the URL), empty, so test files
 * running in parallel never see each other's rows; returns the URL to use and a cleanup.
 */
export async function isolatedPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = uniqueName('test');
  await runStatement(baseUrl, `CREATE SCHEMA "${schema}"`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: () => runStatement(baseUrl, `DROP SCHEMA "${schema}" CASCADE`),
  };
}

/**
 * A database of its own, copied from `template` (a database already migrated once per pass by
 * tests/support/postgres-template.ts) instead of running every migration again: on PostgreSQL
 * the migrations took ~1.3 s per test server, the copy ~0.3 s. FILE_COPY copies the files
 * (cheap with the test cluster's fsync=off) rather than writing every block to the WAL.
 */
export async function copiedPostgres(baseUrl: string, template: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = uniqueName('test');
  await runStatement(baseUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}" STRATEGY FILE_COPY`);
  return {
    url: databaseUrl(baseUrl, name),
    drop: () => runStatement(baseUrl, `DROP DATABASE "${name}" WITH (FORCE)`),
  };
}
