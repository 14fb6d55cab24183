import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import * as initial from './001-initial';
import * as insertionOrder from './002-insertion-order';
import { migrate, throwawayDatabase } from './migration-test-db';

// Migration 002 on a database that already has data (SQLite, or PostgreSQL in its pass): rows
// keep every value, get `seq` in `created` order, and every index of 001 still holds.

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function openAt001(): Promise<Kysely<unknown>> {
  const db = await throwawayDatabase(cleanups);
  await migrate(db, { '001-initial': initial });
  return db;
}

const user = (id: string, username: string, created: string) => ({
  id,
  created,
  updated: created,
  username,
  email: `${username.toLowerCase()}@nursery.test`,
  emailVisibility: false,
  verified: true,
  passwordHash: 'hash',
  tokenKey: 'key',
  termsAgreement: '',
});

describe('migration 002: insertion order', () => {
  it('numbers existing rows in created order and keeps rows and indexes', async () => {
    const db = await openAt001();
    const isSqlite = !process.env.TEST_DATABASE_URL;
    const bool = (b: boolean) => (isSqlite ? Number(b) : b);
    const users = [user('zzzzzzzzzzzzzz1', 'Cleo', '2026-01-03 00:00:00.000Z'), user('aaaaaaaaaaaaaa1', 'Ann', '2026-01-01 00:00:00.000Z')];
    for (const u of users) {
      await sql`INSERT INTO users (id, created, updated, username, email, "emailVisibility", verified, "passwordHash", "tokenKey", "termsAgreement")
        VALUES (${u.id}, ${u.created}, ${u.updated}, ${u.username}, ${u.email}, ${bool(false)}, ${bool(true)}, 'hash', 'key', '')`.execute(
        db,
      );
    }
    for (const [id, created] of [
      ['task00000000003', '2026-01-03 00:00:00.000Z'],
      ['task00000000001', '2026-01-01 00:00:00.000Z'],
      ['task00000000002', '2026-01-02 00:00:00.000Z'],
    ] as const) {
      await sql`INSERT INTO tasks (id, created, updated, title, "weekNumber", year) VALUES (${id}, ${created}, ${created}, ${id}, 1, 2026)`.execute(
        db,
      );
    }

    await migrate(db, { '001-initial': initial, '002-insertion-order': insertionOrder });

    const tasks = await sql<{ id: string; seq: number }>`SELECT id, seq FROM tasks ORDER BY seq`.execute(db);
    expect(tasks.rows.map((r) => r.id)).toEqual(['task00000000001', 'task00000000002', 'task00000000003']);
    const people = await sql<{ username: string; verified: unknown }>`SELECT username, verified FROM users ORDER BY seq`.execute(db);
    expect(people.rows.map((r) => [r.username, Boolean(r.verified)])).toEqual([
      ['Ann', true],
      ['Cleo', true],
    ]);
    // New rows come after the old ones.
    await sql`INSERT INTO tasks (id, created, updated, title, "weekNumber", year) VALUES ('task00000000000', '2025-01-01 00:00:00.000Z', '2025-01-01 00:00:00.000Z', 'late', 1, 2026)`.execute(
      db,
    );
    const last = await sql<{ id: string }>`SELECT id FROM tasks ORDER BY seq DESC LIMIT 1`.execute(db);
    expect(last.rows[0]?.id).toBe('task00000000000');
    // The unique indexes of 001 still hold: ids, usernames in any case, e-mails, one settings record per user.
    const refused = (statement: ReturnType<typeof sql>) =>
      statement.execute(db).then(
        () => 'stored',
        () => 'refused',
      );
    expect(
      await refused(sql`INSERT INTO tasks (id, created, updated, "weekNumber", year) VALUES ('task00000000001', 'x', 'x', 1, 2026)`),
    ).toBe('refused');
    expect(
      await refused(
        sql`INSERT INTO users (id, created, updated, username, email, "passwordHash", "tokenKey") VALUES ('newuser00000001', 'x', 'x', 'ANN', 'other@nursery.test', 'h', 'k')`,
      ),
    ).toBe('refused');
    expect(
      await refused(
        sql`INSERT INTO users (id, created, updated, username, email, "passwordHash", "tokenKey") VALUES ('newuser00000002', 'x', 'x', 'Dora', 'ann@nursery.test', 'h', 'k')`,
      ),
    ).toBe('refused');
    await sql`INSERT INTO user_settings (id, created, updated, "user") VALUES ('settings0000001', 'x', 'x', 'aaaaaaaaaaaaaa1')`.execute(db);
    expect(
      await refused(sql`INSERT INTO user_settings (id, created, updated, "user") VALUES ('settings0000002', 'x', 'x', 'aaaaaaaaaaaaaa1')`),
    ).toBe('refused');
  });
});
