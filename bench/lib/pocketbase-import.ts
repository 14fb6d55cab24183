// `import_200k_s` (issue 20): a PocketBase 0.22 data.db of N orders, written directly with
// better-sqlite3 in PocketBase's own layout (`_collections.schema`, JSON-list selects, 0/1 flags),
// imported into a fresh SQLite DATA_DIR (or PostgreSQL database) by the real CLI
// (`npm run admin -- import-pocketbase`), timed from start to exit as an operator sees it.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import bcrypt from 'bcryptjs';
import { newRecordId } from '../../src/server/records/ids';
import { run } from './processes';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const field = (name: string, type: string, options: Record<string, unknown> = {}) => ({
  id: newRecordId(),
  name,
  type,
  system: false,
  required: false,
  presentable: false,
  unique: false,
  options,
});

/** Writes `<dir>/data.db` in PocketBase 0.22's layout: one admin user and `orders` orders. */
export function writePocketBaseOrders(dir: string, orders: number): void {
  fs.mkdirSync(dir, { recursive: true });
  const db = new SQLite(path.join(dir, 'data.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.exec(`CREATE TABLE _collections (id TEXT PRIMARY KEY, system BOOLEAN DEFAULT FALSE, type TEXT DEFAULT 'base', name TEXT UNIQUE,
      schema JSON DEFAULT '[]', indexes JSON DEFAULT '[]', listRule TEXT, viewRule TEXT, createRule TEXT, updateRule TEXT, deleteRule TEXT,
      options JSON DEFAULT '{}', created TEXT, updated TEXT)`);
    const users = [
      field('role', 'select', { maxSelect: 1, values: ['admin', 'super-user', 'viewer'] }),
      field('display_username', 'text'),
      field('termsAgreement', 'json'),
    ];
    const user = (name: string) => field(name, 'relation', { collectionId: '_pb_users_auth_', maxSelect: 1 });
    const tasks = [
      field('title', 'text'),
      field('day', 'select', { maxSelect: 7, values: DAYS }),
      ...['postcode', 'orderNumber', 'customerType', 'other', 'orderInfo', 'status', 'trollies', 'extras'].map((n) => field(n, 'text')),
      field('weekNumber', 'number'),
      field('year', 'number'),
      user('user'),
      user('created_by'),
      user('updated_by'),
      field('deleted', 'bool'),
    ];
    const stamp = '2025-01-01 00:00:00.000Z';
    const addCollection = db.prepare(`INSERT INTO _collections (id, type, name, schema, created, updated) VALUES (?, ?, ?, ?, ?, ?)`);
    addCollection.run('_pb_users_auth_', 'auth', 'users', JSON.stringify(users), stamp, stamp);
    addCollection.run(newRecordId(), 'base', 'tasks', JSON.stringify(tasks), stamp, stamp);
    db.exec(`CREATE TABLE users (id TEXT PRIMARY KEY, created TEXT, updated TEXT, username TEXT, email TEXT, emailVisibility BOOLEAN,
      verified BOOLEAN, tokenKey TEXT, passwordHash TEXT, lastResetSentAt TEXT, lastVerificationSentAt TEXT,
      role TEXT, display_username TEXT, termsAgreement JSON)`);
    const userId = newRecordId();
    db.prepare(`INSERT INTO users VALUES (?, ?, ?, 'benchowner', 'owner@bench.test', 0, 1, 'k', ?, '', '', 'admin', 'Owner', ?)`).run(
      userId,
      stamp,
      stamp,
      bcrypt.hashSync('bench-password-42', 10),
      JSON.stringify({ agreed: true, version: 'v1.0', timestamp: '2025-01-01T00:00:00.000Z' }),
    );
    db.exec(`CREATE TABLE tasks (id TEXT PRIMARY KEY, created TEXT, updated TEXT, title TEXT, day TEXT, postcode TEXT, orderNumber TEXT,
      customerType TEXT, other TEXT, orderInfo TEXT, status TEXT, trollies TEXT, extras TEXT, weekNumber NUMERIC, year NUMERIC,
      user TEXT, created_by TEXT, updated_by TEXT, deleted BOOLEAN)`);
    const insert = db.prepare(`INSERT INTO tasks VALUES (?, ?, ?, ?, ?, 'GL7 2QA', ?, 'wholesale', ?, ?, '', ?, '', ?, ?, ?, ?, ?, ?)`);
    db.transaction(() => {
      for (let i = 0; i < orders; i++) {
        const created = new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString().replace('T', ' ');
        // As the original app's data: years 0 (2024), 2025, 2026; `day` a one-element list; 1 in 100 soft-deleted.
        insert.run(
          newRecordId(),
          created,
          created,
          `Customer ${i % 5000}`,
          JSON.stringify([DAYS[i % 7]]),
          `SO-${i}`,
          i % 50 === 0 ? 'holding' : 'none',
          i % 3 === 0 ? 'Two Danish trolleys' : '',
          String(1 + (i % 4)),
          1 + (i % 52),
          [0, 2025, 2026][i % 3],
          userId,
          userId,
          userId,
          i % 100 === 0 ? 1 : 0,
        );
      }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/**
 * Imports `orders` orders into a fresh DATA_DIR under `tmp` (SQLite; PostgreSQL when given
 * `databaseUrl`, a fresh database); answers the seconds the CLI took.
 */
export async function measurePocketBaseImport(
  tmp: string,
  orders: number,
  log: (line: string) => void = () => {},
  databaseUrl = '',
): Promise<number> {
  const pbData = path.join(tmp, 'import-pb_data');
  const dataDir = path.join(tmp, databaseUrl ? 'import-data-pg' : 'import-data');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(path.join(pbData, 'data.db'))) {
    writePocketBaseOrders(pbData, orders);
    log(`wrote a PocketBase 0.22 data.db of ${orders} orders`);
  }
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DELETE_PASSWORD: 'Bench-Delete-Password-7',
    TOKEN_SECRET: 'bench-import-token-secret-0123456789abcdef',
    LOG_LEVEL: 'warn',
  };
  // Migrate first (an operator's server has run once), so the figure is the import's alone.
  await run(process.execPath, ['--import', 'tsx', 'src/server/admin/cli.ts', 'deleted'], { env });
  const started = performance.now();
  const output = await run(process.execPath, ['--import', 'tsx', 'src/server/admin/cli.ts', 'import-pocketbase', pbData], { env });
  const seconds = (performance.now() - started) / 1000;
  for (const line of output.trim().split('\n').slice(0, 5)) log(line);
  return seconds;
}
