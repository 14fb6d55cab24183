import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedPostgres } from '../../../tests/support/postgres';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { DeletedStore } from './deleted-store';

// Going through Deleted a batch at a time (the Deleted page, the operator's list): newest deleted
// first, every entry once, across batches and ties of the same moment, on SQLite and PostgreSQL.

describe(`Deleted, newest first, a batch at a time (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  let handle: DatabaseHandle;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-deleted-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const postgres = process.env.TEST_DATABASE_URL ? await isolatedPostgres(process.env.TEST_DATABASE_URL) : null;
    if (postgres) cleanups.push(() => postgres.drop());
    handle = await openDatabase({ dataDir, databaseUrl: postgres?.url ?? null });
    cleanups.unshift(() => handle.close());
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('gives every entry once, in order, whatever the batch size', async () => {
    const store = new DeletedStore(handle.db);
    const moments = ['2026-03-01 10:00:00.000Z', '2026-03-02 10:00:00.000Z', '2026-03-03 10:00:00.000Z'];
    const collections = ['tasks', 'trolley_exports'];
    const ids = ['a00000000000001', 'a00000000000002', 'a00000000000003'];
    // Several entries of each moment (ties broken by collection, then id), in two collections.
    let n = 0;
    for (const deleted of moments)
      for (const collection of collections)
        for (const id of ids)
          await store.put(collection, { id: `${id}${n++}`, seq: 7, nursery: 'nursery_one' }, deleted, { id: '', name: 'operator (CLI)' });
    // Another nursery's, deleted at the same moments: never in the first nursery's Deleted.
    for (const deleted of moments)
      await store.put('tasks', { id: `b0000000000000${n++}`, nursery: 'nursery_two' }, deleted, { id: '', name: 'operator (CLI)' });
    const all: Array<{ deleted: string; collection: string; id: string }> = [];
    for await (const entry of new DeletedStore(handle.db, 1000).newestFirst(collections, 'nursery_one')) all.push(entry);
    const expected = [...all]
      .sort((a, b) =>
        (a.deleted !== b.deleted ? a.deleted < b.deleted : a.collection !== b.collection ? a.collection < b.collection : a.id < b.id)
          ? 1
          : -1,
      )
      .map((e) => `${e.collection}/${e.id}`);
    expect(expected).toHaveLength(moments.length * collections.length * ids.length);
    expect(all.map((e) => `${e.collection}/${e.id}`)).toEqual(expected);
    for (const batch of [1, 2, 5]) {
      const seen: string[] = [];
      for await (const entry of new DeletedStore(handle.db, batch).newestFirst(collections, 'nursery_one'))
        seen.push(`${entry.collection}/${entry.id}`);
      expect(seen, `batch ${batch}`).toEqual(expected);
    }
    const theirs: string[] = [];
    for await (const entry of new DeletedStore(handle.db, 2).newestFirst(collections, 'nursery_two')) theirs.push(entry.id);
    expect(theirs).toHaveLength(moments.length);
    // The operator (no nursery given) goes through everyone's.
    let everyone = 0;
    for await (const _entry of new DeletedStore(handle.db, 4).newestFirst(collections, null)) everyone++;
    expect(everyone).toBe(all.length + moments.length);
    // The row is kept whole but for its insertion order, which a restore gives anew.
    expect(JSON.parse((await store.find('tasks', 'a000000000000010'))?.data ?? '{}')).toEqual({
      id: 'a000000000000010',
      nursery: 'nursery_one',
    });
  });
});
