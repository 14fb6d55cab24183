import { sql, type Kysely, type Migration } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import type { Database } from '../schema';
import * as initial from './001-initial';
import * as insertionOrder from './002-insertion-order';
import * as searchIndex from './003-search-index';
import * as throttles from './004-throttles';
import * as searchNotesPostcode from './005-search-notes-postcode';
import { nurseriesMigration } from './006-nurseries';
import * as historyAndDeleted from './007-history-and-deleted';
import * as invitations from './008-invitations';
import * as deletedByNursery from './009-deleted-by-nursery';
import { migrate, throwawayDatabase } from './migration-test-db';

// Migration 009 on a database whose Deleted already holds records (SQLite, or PostgreSQL in its
// pass): each entry takes its nursery from the row it keeps, and one without a nursery gets none.

const BEFORE: Record<string, Migration> = {
  '001-initial': initial,
  '002-insertion-order': insertionOrder,
  '003-search-index': searchIndex,
  '004-throttles': throttles,
  '005-search-notes-postcode': searchNotesPostcode,
  '006-nurseries': nurseriesMigration('My nursery'),
  '007-history-and-deleted': historyAndDeleted,
  '008-invitations': invitations,
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function putDeleted(db: Kysely<Database>, id: string, data: Record<string, unknown>): Promise<void> {
  await sql`INSERT INTO deleted_records (collection, id, data, deleted) VALUES ('tasks', ${id}, ${JSON.stringify(data)}, '2026-11-20 10:00:00.000Z')`.execute(
    db,
  );
}

it('gives every entry already in Deleted the nursery of the row it keeps', async () => {
  const db = await throwawayDatabase<Database>(cleanups);
  await migrate(db, BEFORE);
  await putDeleted(db, 'task00000000001', { id: 'task00000000001', title: 'Hill Top order', nursery: 'hilltop00000001' });
  await putDeleted(db, 'task00000000002', { id: 'task00000000002', title: 'Vale order', nursery: 'vale00000000001' });
  await putDeleted(db, 'task00000000003', { id: 'task00000000003', title: 'Kept before nurseries' });

  await migrate(db, { ...BEFORE, '009-deleted-by-nursery': deletedByNursery });

  const rows = await db.selectFrom('deleted_records').select(['id', 'nursery']).orderBy('id').execute();
  expect(rows).toEqual([
    { id: 'task00000000001', nursery: 'hilltop00000001' },
    { id: 'task00000000002', nursery: 'vale00000000001' },
    { id: 'task00000000003', nursery: '' },
  ]);
});
