import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import * as initial from './001-initial';
import * as insertionOrder from './002-insertion-order';
import * as searchIndex from './003-search-index';
import * as throttles from './004-throttles';
import * as searchNotesPostcode from './005-search-notes-postcode';
import { nurseriesMigration } from './006-nurseries';
import { isPostgresPass, migrate, throwawayDatabase } from './migration-test-db';

// Migration 006 on a database as an installation from before nurseries has it, on SQLite and (in
// the PostgreSQL pass) on PostgreSQL: every account and record moves into one nursery named
// NURSERY_NAME, the earliest account is its admin, the others office; an empty database (a fresh
// install) gets no nursery at all.

const BEFORE: Record<string, Migration> = {
  '001-initial': initial,
  '002-insertion-order': insertionOrder,
  '003-search-index': searchIndex,
  '004-throttles': throttles,
  '005-search-notes-postcode': searchNotesPostcode,
};

const isSqlite = !isPostgresPass;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function openAt005(): Promise<Kysely<unknown>> {
  const db = await throwawayDatabase(cleanups);
  await migrate(db, BEFORE);
  return db;
}

const withNurseries = (name: string) => ({ ...BEFORE, '006-nurseries': nurseriesMigration(name) });

async function addUser(db: Kysely<unknown>, id: string, username: string, created: string): Promise<void> {
  const bool = (b: boolean) => (isSqlite ? Number(b) : b);
  await sql`INSERT INTO users (id, created, updated, username, email, "emailVisibility", verified, "passwordHash", "tokenKey", "termsAgreement")
    VALUES (${id}, ${created}, ${created}, ${username}, ${`${username.toLowerCase()}@nursery.test`}, ${bool(false)}, ${bool(true)}, 'hash', 'key', '')`.execute(
    db,
  );
}

describe('migration 006: nurseries', () => {
  it('puts every existing account and record into one nursery named NURSERY_NAME; the earliest account is its admin', async () => {
    const db = await openAt005();
    // Inserted out of order: the earliest account is the one created first, not the first row.
    await addUser(db, 'userbbbbbbbbbb1', 'Bea', '2026-02-01 09:00:00.000Z');
    await addUser(db, 'useraaaaaaaaaa1', 'Ann', '2025-06-01 09:00:00.000Z');
    await addUser(db, 'userccccccccccc', 'Cal', '2026-03-01 09:00:00.000Z');
    const stamp = '2026-03-02 08:00:00.000Z';
    await sql`INSERT INTO tasks (id, created, updated, title, "weekNumber", year, "user") VALUES ('task00000000001', ${stamp}, ${stamp}, 'Greenfields', 10, 2026, 'useraaaaaaaaaa1')`.execute(
      db,
    );
    await sql`INSERT INTO user_settings (id, created, updated, "user", settings_json) VALUES ('settings0000001', ${stamp}, ${stamp}, 'userbbbbbbbbbb1', '{"monday_heading":"North"}')`.execute(
      db,
    );
    await sql`INSERT INTO trolley_exports (id, created, updated, name) VALUES ('run000000000001', ${stamp}, ${stamp}, 'Monday run')`.execute(
      db,
    );

    await migrate(db, withNurseries('Hill Top Nurseries'));

    const nurseries = await sql<{ id: string; name: string; headings: string; deletePasswordHash: string }>`
      SELECT id, name, headings, "deletePasswordHash" FROM nurseries`.execute(db);
    expect(nurseries.rows).toHaveLength(1);
    const [nursery] = nurseries.rows;
    expect(nursery).toMatchObject({ name: 'Hill Top Nurseries', headings: '{}', deletePasswordHash: '' });
    expect(nursery?.id).toMatch(/^[a-z0-9]{15}$/);
    const people = await sql<{
      username: string;
      role: string;
      nursery: string;
    }>`SELECT username, role, nursery FROM users ORDER BY username`.execute(db);
    expect(people.rows).toEqual([
      { username: 'Ann', role: 'admin', nursery: nursery?.id },
      { username: 'Bea', role: 'office', nursery: nursery?.id },
      { username: 'Cal', role: 'office', nursery: nursery?.id },
    ]);
    for (const table of ['tasks', 'user_settings', 'trolley_exports']) {
      const { rows } = await sql<{ nursery: string }>`SELECT nursery FROM ${sql.table(table)}`.execute(db);
      expect({ table, nurseries: rows.map((row) => row.nursery) }).toEqual({ table, nurseries: [nursery?.id] });
    }
    // The rest of each row is as it was.
    const { rows: settings } = await sql<{ settings_json: string }>`SELECT settings_json FROM user_settings`.execute(db);
    expect(settings[0]?.settings_json).toBe('{"monday_heading":"North"}');
  });

  it('gives an empty database (a fresh install) no nursery: the first sign-up makes one', async () => {
    const db = await openAt005();
    await migrate(db, withNurseries('My nursery'));
    const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM nurseries`.execute(db);
    expect(Number(rows[0]?.n)).toBe(0);
    // New rows get the column defaults of the declarations: no nursery, the least role.
    await addUser(db, 'userddddddddddd', 'Dee', '2026-04-01 09:00:00.000Z');
    const { rows: people } = await sql<{ nursery: string; role: string; name: string }>`SELECT nursery, role, name FROM users`.execute(db);
    expect(people).toEqual([{ nursery: '', role: 'viewer', name: '' }]);
  });

  it('moves records into a nursery even when an installation has records but no account left', async () => {
    const db = await openAt005();
    const stamp = '2026-03-02 08:00:00.000Z';
    await sql`INSERT INTO tasks (id, created, updated, title, "weekNumber", year) VALUES ('task00000000009', ${stamp}, ${stamp}, 'Orphan', 10, 2026)`.execute(
      db,
    );
    await migrate(db, withNurseries('My nursery'));
    const { rows } = await sql<{ id: string }>`SELECT id FROM nurseries`.execute(db);
    expect(rows).toHaveLength(1);
    const { rows: tasks } = await sql<{ nursery: string }>`SELECT nursery FROM tasks`.execute(db);
    expect(tasks[0]?.nursery).toBe(rows[0]?.id);
  });
});
