import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { PocketBaseData } from './read-pocketbase';

// Both layouts of PocketBase's `_collections` (0.22: `schema` with nested options; 0.23+:
// `fields` with options inline, the password hash in `password`), read from files made here in
// those layouts. The real 0.22.20 binary's data is the import test's (import-pocketbase.test.ts).

const HASH = '$2a$10$abcdefghijklmnopqrstuuM7r0tS6r5lO3aQy3oH8u7mF3gWc5xXa';
let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function makeDb(build: (db: SQLite.Database) => void): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-layout-'));
  const db = new SQLite(path.join(dir, 'data.db'));
  build(db);
  db.close();
  return dir;
}

describe('reading PocketBase data', () => {
  it('reads the 0.23+ layout: fields inline, flags, lists and JSON decoded, the hash in `password`', () => {
    const folder = makeDb((db) => {
      db.exec(`CREATE TABLE _collections (id TEXT, system BOOLEAN, type TEXT, name TEXT, fields JSON, indexes JSON)`);
      const add = db.prepare('INSERT INTO _collections (id, system, type, name, fields, indexes) VALUES (?, 0, ?, ?, ?, ?)');
      add.run(
        '_pb_users_auth_',
        'auth',
        'users',
        JSON.stringify([
          { name: 'password', type: 'password', hidden: true },
          { name: 'verified', type: 'bool' },
          { name: 'username', type: 'text' },
        ]),
        '[]',
      );
      add.run(
        'pbc_1',
        'base',
        'tasks',
        JSON.stringify([
          { name: 'day', type: 'select', maxSelect: 7, values: ['monday', 'friday'] },
          { name: 'year', type: 'number' },
          { name: 'deleted', type: 'bool' },
          { name: 'meta', type: 'json' },
        ]),
        '[]',
      );
      db.exec(`CREATE TABLE users (id TEXT, created TEXT, updated TEXT, username TEXT, password TEXT, verified BOOLEAN)`);
      db.prepare(`INSERT INTO users VALUES ('u1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'ann', ?, 1)`).run(HASH);
      db.exec(`CREATE TABLE tasks (id TEXT, created TEXT, updated TEXT, day TEXT, year NUMERIC, deleted BOOLEAN, meta JSON)`);
      db.exec(`INSERT INTO tasks VALUES ('t1', '2024-01-02 00:00:00.000Z', '2024-01-02 00:00:00.000Z', '["friday"]', 0, 1, '{"a":1}')`);
    });
    const data = PocketBaseData.open(folder);
    try {
      expect(data.layout).toBe('0.23+');
      expect([...data.records('users')]).toEqual([expect.objectContaining({ username: 'ann', password: HASH, verified: true })]);
      expect([...data.records('tasks')]).toEqual([expect.objectContaining({ day: ['friday'], year: 0, deleted: true, meta: { a: 1 } })]);
      expect(data.count('tasks')).toBe(1);
    } finally {
      data.close();
    }
  });

  it('reads the 0.22 layout: options nested, the auth flags as 0/1 columns, and never writes to the file', () => {
    const folder = makeDb((db) => {
      db.exec(`CREATE TABLE _collections (id TEXT, system BOOLEAN, type TEXT, name TEXT, schema JSON, indexes JSON, options JSON)`);
      db.prepare(`INSERT INTO _collections VALUES ('_pb_users_auth_', 0, 'auth', 'users', ?, '[]', '{}')`).run(
        JSON.stringify([{ name: 'role', type: 'select', options: { maxSelect: 1, values: ['admin'] } }]),
      );
      db.exec(`CREATE TABLE users (id TEXT, created TEXT, updated TEXT, username TEXT, passwordHash TEXT, verified BOOLEAN, role TEXT)`);
      db.prepare(`INSERT INTO users VALUES ('u1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'ann', ?, 0, 'admin')`).run(HASH);
    });
    const before = fs.readFileSync(path.join(folder, 'data.db'));
    const data = PocketBaseData.open(folder);
    try {
      expect(data.layout).toBe('0.22');
      expect([...data.records('users')]).toEqual([expect.objectContaining({ passwordHash: HASH, verified: false, role: 'admin' })]);
      expect(data.has('tasks')).toBe(false);
      expect([...data.records('tasks')]).toEqual([]);
    } finally {
      data.close();
    }
    expect(fs.readFileSync(path.join(folder, 'data.db'))).toEqual(before);
  });

  it('refuses a file that is not PocketBase data, in words', () => {
    const folder = makeDb((db) => db.exec('CREATE TABLE something (id TEXT)'));
    expect(() => PocketBaseData.open(folder)).toThrow(/has no _collections table: it is not PocketBase's data.db/);
    expect(() => PocketBaseData.open(path.join(folder, 'missing'))).toThrow(/There is no PocketBase data.db at/);
  });
});
