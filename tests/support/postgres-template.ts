import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/database';
import { databaseUrl, runStatement } from './postgres';

/**
 * Vitest's global set-up for the node project. With TEST_DATABASE_URL (the PostgreSQL pass) it
 * runs the migrations once, into a database that every test server's own database is copied from
 * (tests/support/server.ts), as the SQLite template file is per worker; its name reaches the test
 * workers in TEST_POSTGRES_TEMPLATE. Nobody connects to it afterwards (PostgreSQL copies only a
 * database without connections). Dropped when the run ends.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return undefined;
  const template = `template_${process.pid}_${Date.now()}`;
  await runStatement(baseUrl, `CREATE DATABASE "${template}"`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-pg-template-'));
  try {
    const handle = await openDatabase({ dataDir, databaseUrl: databaseUrl(baseUrl, template) });
    await handle.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.env.TEST_POSTGRES_TEMPLATE = template;
  return async () => {
    delete process.env.TEST_POSTGRES_TEMPLATE;
    await runStatement(baseUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
  };
}
