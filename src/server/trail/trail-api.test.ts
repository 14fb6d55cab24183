import { sql } from 'kysely';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeletedEntry, HistoryEntry } from '#domain/history/record-history';
import { standaloneRecordService } from '../admin/accounts';
import { FUTURE_YEAR } from '../../../tests/support/open-weeks';
import { listen, waitFor } from '../../../tests/support/realtime-client';
import {
  createAccount,
  failure,
  startTestServer,
  TEST_DELETE_PASSWORD,
  type TestAccount,
  type TestServer,
} from '../../../tests/support/server';

// Who did what, and nothing lost by a slip (docs/decisions/034), through the official SDK:
// created_by and updated_by stamped by the server and expandable to a person's username only;
// every change in the record's history, written with the change; a delete moves the record to
// Deleted, where it is invisible everywhere it was visible, until it is restored or purged.

const order = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  day: 'tuesday',
  weekNumber: 14,
  year: FUTURE_YEAR,
  ...extra,
});
const run = (name: string) => ({
  name,
  data: [{ id: 's1', title: 'Greenfields', postcode: '', trollies: '2', extras: '', orderNumber: '' }],
  vehicleInfo: {
    driver: 'Sam',
    reg: 'TR41 LER',
    code: '',
    date: '2026-11-23',
    vehicleType: 'lorry',
    trolleyNumber: 4,
    grid: ['', '', '', ''],
  },
});
const deleteHeaders = { headers: { 'X-Confirm-Password': TEST_DELETE_PASSWORD } };

interface Page<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}

const historyOf = (pb: PocketBase, collection: string, id: string) =>
  pb.send<Page<HistoryEntry>>(`/api/collections/${collection}/records/${id}/history`, { query: { perPage: 100 } });
const deletedList = (pb: PocketBase, query: Record<string, unknown> = {}) =>
  pb.send<Page<DeletedEntry<RecordModel>>>('/api/deleted', { query: { perPage: 1000, ...query } });
const restore = (pb: PocketBase, collection: string, id: string) =>
  pb.send<RecordModel>(`/api/deleted/${collection}/${id}/restore`, { method: 'POST' });
const purge = (pb: PocketBase, collection: string, id: string) => pb.send(`/api/deleted/${collection}/${id}`, { method: 'DELETE' });

describe('who did what, and Deleted', () => {
  let server: TestServer;
  let sarah: TestAccount;
  let tom: TestAccount;

  beforeAll(async () => {
    server = await startTestServer();
    sarah = await createAccount(server);
    tom = await createAccount(server, { nursery: sarah.nursery });
  });
  afterAll(async () => {
    await server.close();
  });

  describe('created_by and updated_by', () => {
    it('are set by the server from the caller, on orders and runs', async () => {
      const added = await sarah.pb.collection('tasks').create(order('Stamped by the server'));
      expect(added).toMatchObject({ created_by: sarah.id, updated_by: sarah.id });
      const changed = await tom.pb.collection('tasks').update(added.id, { status: 'pulled' });
      expect(changed).toMatchObject({ created_by: sarah.id, updated_by: tom.id });

      const saved = await sarah.pb.collection('trolley_exports').create(run(`Stamped run ${Date.now()}`));
      expect(saved).toMatchObject({ created_by: sarah.id, updated_by: sarah.id });
      await expect(tom.pb.collection('trolley_exports').update(saved.id, { name: `${saved.name} again` })).resolves.toMatchObject({
        created_by: sarah.id,
        updated_by: tom.id,
      });
    });

    it('cannot be set by a client, not even to itself; a record sent back whole is fine', async () => {
      for (const field of ['created_by', 'updated_by']) {
        const refused = await failure(sarah.pb.collection('tasks').create(order('Named myself', { [field]: sarah.id })));
        expect(refused.status).toBe(400);
        expect(refused.response.data).toEqual({
          [field]: { code: 'validation_forbidden', message: expect.stringMatching(/who added and changed/) },
        });
      }
      const added = await sarah.pb.collection('tasks').create(order('Sent back whole'));
      const renamed = await failure(tom.pb.collection('tasks').update(added.id, { created_by: tom.id }));
      expect(renamed.status).toBe(400);
      expect(renamed.response.data).toHaveProperty('created_by');
      // The SDK's update(id, {...record, title}) echoes both with their current values.
      await expect(tom.pb.collection('tasks').update(added.id, { ...added, title: 'Sent back whole, renamed' })).resolves.toMatchObject({
        created_by: sarah.id,
        updated_by: tom.id,
      });
      await expect(sarah.pb.collection('tasks').getOne(added.id)).resolves.toMatchObject({ created_by: sarah.id, updated_by: tom.id });
    });

    it('expand to the person: id and username, never an e-mail address, for anyone who sees the record', async () => {
      const added = await sarah.pb.collection('tasks').create(order('Expanded people'));
      await tom.pb.collection('tasks').update(added.id, { trollies: '3' });
      const person = (account: TestAccount) => ({
        id: account.id,
        collectionId: '_pb_users_auth_',
        collectionName: 'users',
        username: account.username,
        name: '',
      });
      // Tom sees who added the order he sees, as the record shows a person: no e-mail address.
      const viewed = await tom.pb.collection('tasks').getOne(added.id, { expand: 'created_by,updated_by' });
      expect(viewed.expand).toEqual({ created_by: person(sarah), updated_by: person(tom) });
      const listed = await tom.pb
        .collection('tasks')
        .getList(1, 50, { filter: `title = "Expanded people"`, expand: 'created_by,updated_by' });
      expect(listed.items[0]?.expand).toEqual({ created_by: person(sarah), updated_by: person(tom) });
      expect(JSON.stringify(listed)).not.toContain(sarah.email);
      // Nothing is expanded inside the person; her account shows him no e-mail address either, and
      // to anyone outside the nursery it does not exist.
      const deeper = await tom.pb.collection('tasks').getOne(added.id, { expand: 'created_by.created_by' });
      expect(deeper.expand).toEqual({ created_by: person(sarah) });
      expect(JSON.stringify(await tom.pb.collection('users').getOne(sarah.id))).not.toContain(sarah.email);
      const elsewhere = await createAccount(server);
      expect((await failure(elsewhere.pb.collection('users').getOne(sarah.id))).status).toBe(404);
      expect((await failure(elsewhere.pb.collection('tasks').getOne(added.id, { expand: 'created_by' }))).status).toBe(404);
    });
  });

  describe('history', () => {
    it('keeps every change: who, when, each field from → to; an unchanged save adds nothing', async () => {
      const added = await sarah.pb.collection('tasks').create(order('Kept history', { trollies: '2' }));
      const moved = await tom.pb.collection('tasks').update(added.id, { status: 'pulled', trollies: '4' });
      await tom.pb.collection('tasks').update(added.id, { status: 'pulled' });

      const history = await historyOf(sarah.pb, 'tasks', added.id);
      expect(history).toMatchObject({ page: 1, totalItems: 2 });
      const [create, update] = history.items;
      expect(create).toMatchObject({
        collectionName: 'tasks',
        record: added.id,
        action: 'create',
        at: added.created,
        by: sarah.id,
        byName: sarah.username,
      });
      expect(create?.changes).toEqual(
        expect.arrayContaining([
          { field: 'title', from: null, to: 'Kept history' },
          { field: 'trollies', from: null, to: '2' },
        ]),
      );
      expect(create?.changes.map((c) => c.field)).not.toContain('created_by');
      expect(update).toMatchObject({ action: 'update', at: moved.updated, by: tom.id, byName: tom.username });
      expect(update?.changes).toEqual([
        { field: 'status', from: '', to: 'pulled' },
        { field: 'trollies', from: '2', to: '4' },
      ]);
    });

    it('keeps a run’s changes too, JSON fields as values', async () => {
      const saved = await sarah.pb.collection('trolley_exports').create(run(`History run ${Date.now()}`));
      const stops = [...(saved.data as unknown[]), { id: 's2', title: 'Bloom', postcode: '', trollies: '1', extras: '', orderNumber: '' }];
      await tom.pb.collection('trolley_exports').update(saved.id, { data: stops });
      const { items } = await historyOf(tom.pb, 'trolley_exports', saved.id);
      expect(items.map((e) => [e.action, e.byName])).toEqual([
        ['create', sarah.username],
        ['update', tom.username],
      ]);
      expect(items[1]?.changes).toEqual([{ field: 'data', from: saved.data, to: stops }]);
    });

    it('is written with the change, in its transaction: a change that fails leaves no entry, and the other way round', async () => {
      const added = await sarah.pb.collection('tasks').create(order('Half a change'));
      const { db, dialect } = server.built.database;
      // The history write fails after the order's row was written: the whole change must go.
      if (dialect === 'sqlite') {
        await sql`CREATE TRIGGER refuse_history BEFORE INSERT ON record_history WHEN NEW.changes LIKE '%Refused change%'
          BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`.execute(db);
      } else {
        await sql`CREATE FUNCTION refuse_history() RETURNS trigger AS $$ BEGIN
          IF NEW.changes LIKE '%Refused change%' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
          db,
        );
        await sql`CREATE TRIGGER refuse_history BEFORE INSERT ON record_history FOR EACH ROW EXECUTE FUNCTION refuse_history()`.execute(db);
      }
      try {
        expect((await failure(tom.pb.collection('tasks').update(added.id, { orderInfo: 'Refused change' }))).status).toBe(500);
      } finally {
        if (dialect === 'sqlite') await sql`DROP TRIGGER refuse_history`.execute(db);
        else await sql`DROP FUNCTION refuse_history() CASCADE`.execute(db);
      }
      await expect(sarah.pb.collection('tasks').getOne(added.id)).resolves.toMatchObject({
        orderInfo: '',
        updated: added.updated,
        updated_by: sarah.id,
      });
      expect((await historyOf(sarah.pb, 'tasks', added.id)).items.map((e) => e.action)).toEqual(['create']);

      // A change refused by the database (someone saved meanwhile) writes no entry either.
      await tom.pb.collection('tasks').update(added.id, { orderInfo: 'First' });
      const stale = await failure(
        sarah.pb.collection('tasks').update(added.id, { orderInfo: 'Second' }, { headers: { 'If-Match': `"${added.updated}"` } }),
      );
      expect(stale.status).toBe(412);
      expect((await historyOf(sarah.pb, 'tasks', added.id)).items.map((e) => [e.action, e.changes])).toEqual([
        ['create', expect.any(Array)],
        ['update', [{ field: 'orderInfo', from: '', to: 'First' }]],
      ]);
    });

    it('names the operator’s own changes "operator (CLI)", with nobody in created_by', async () => {
      const operator = standaloneRecordService(server.built.database, server.config, { events: server.built.events });
      const row = await operator.systemCreate('tasks', order('Added by the operator', { nursery: sarah.nursery }));
      const viewed = await sarah.pb.collection('tasks').getOne(String(row.id));
      expect(viewed).toMatchObject({ created_by: '', updated_by: '' });
      const { items } = await historyOf(sarah.pb, 'tasks', viewed.id);
      expect(items).toEqual([expect.objectContaining({ action: 'create', by: '', byName: 'operator (CLI)' })]);
    });

    it('is kept for writes made together in one batch too: added, changed, deleted', async () => {
      const operator = standaloneRecordService(server.built.database, server.config, { events: server.built.events });
      const id = await operator.systemBatch(async (batch) => {
        const row = await batch.insert('tasks', { ...order('Batched'), nursery: sarah.nursery });
        await batch.update('tasks', row, { trollies: '5' });
        return String(row.id);
      });
      const { items } = await historyOf(sarah.pb, 'tasks', id);
      expect(items.map((entry) => [entry.action, entry.byName])).toEqual([
        ['create', 'operator (CLI)'],
        ['update', 'operator (CLI)'],
      ]);
      const stored = await sarah.pb.collection('tasks').getOne(id);
      await operator.systemBatch(async (batch) => {
        const [row] = await batch.store
          .list('tasks', { where: [sql`id = ${id}`], sort: [], page: 1, perPage: 1, skipTotal: true })
          .then((r) => r.rows);
        if (row) await batch.delete('tasks', row);
      });
      expect(stored.id).toBe(id);
      expect((await deletedList(sarah.pb)).items.map((entry) => entry.record.id)).toContain(id);
    });

    it('is kept for records written in bulk (an import): each added with its history, some to Deleted, one resync', async () => {
      const { records, bus } = server.built;
      let changes = 0;
      let resyncs = 0;
      const stopChanges = bus.subscribe(() => changes++);
      const stopResyncs = bus.onResync(() => resyncs++);
      const bulk = { filter: 'title ~ "Bulk import "', requestKey: null };
      // Read (and cached) before the bulk write: the same list must show its records after it.
      expect((await sarah.pb.collection('tasks').getList(1, 1, bulk)).totalItems).toBe(0);
      // More rows than one statement takes, in two sets of columns (a trolley count or none).
      const rows = Array.from({ length: 2100 }, (_, i) => ({
        ...order(`Bulk import ${i}`, i % 2 === 0 ? { trollies: String(1 + (i % 4)) } : {}),
        nursery: sarah.nursery,
      }));
      const written = await records.systemBatch(async (batch) => {
        const inserted = await batch.insertMany('tasks', rows);
        await batch.deleteMany(
          'tasks',
          inserted.filter((_, i) => i % 700 === 0),
        );
        return inserted;
      });
      await waitFor(() => (resyncs === 1 ? true : undefined), 'the resync after the bulk write', 10_000);
      expect(changes).toBe(0);
      stopChanges();
      stopResyncs();
      expect((await sarah.pb.collection('tasks').getList(1, 1, bulk)).totalItems).toBe(2100 - 3);
      const kept = await sarah.pb.collection('tasks').getOne(String(written[1]?.id));
      expect(kept).toMatchObject({ title: 'Bulk import 1', trollies: '' });
      expect((await sarah.pb.collection('tasks').getOne(String(written[2]?.id))).trollies).toBe('3');
      const { items } = await historyOf(sarah.pb, 'tasks', kept.id);
      expect(items).toEqual([expect.objectContaining({ action: 'create', by: '', byName: 'operator (CLI)' })]);
      const inDeleted = (await deletedList(sarah.pb)).items.map((entry) => entry.record.id);
      for (const i of [0, 700, 1400]) expect(inDeleted).toContain(written[i]?.id);
    });

    it('refuses a bulk delete of a record changed meanwhile (412), and the batch writes nothing', async () => {
      const refused = server.built.records.systemBatch(async (batch) => {
        const [row] = await batch.insertMany('tasks', [{ ...order('Bulk stale'), nursery: sarah.nursery }]);
        await batch.deleteMany('tasks', [{ ...row, updated: '2000-01-01 00:00:00.000Z' }]);
      });
      await expect(refused).rejects.toMatchObject({ status: 412 });
      expect((await sarah.pb.collection('tasks').getList(1, 1, { filter: 'title = "Bulk stale"' })).totalItems).toBe(0);
    });

    it('is kept for records changed in bulk (orders moved together): each with its history, each announced', async () => {
      const { records, bus } = server.built;
      // More records than one statement takes, as a busy customer's orders moved to another.
      const inserted = await records.systemBatch((batch) =>
        batch.insertMany(
          'tasks',
          Array.from({ length: 1200 }, (_, i) => ({ ...order(`Bulk change ${i}`), nursery: sarah.nursery })),
        ),
      );
      const announced = new Set<string>();
      const stop = bus.subscribe((change) => {
        if (change.action === 'update' && String(change.record.title).startsWith('Bulk change ')) announced.add(String(change.record.id));
      });
      const changed = await records.systemBatch((batch) => batch.updateMany('tasks', inserted, { trollies: '7' }));
      await waitFor(() => (announced.size === inserted.length ? true : undefined), 'every change announced', 15_000);
      stop();
      expect(changed.map((row) => row.id)).toEqual(inserted.map((row) => row.id));
      const last = await sarah.pb.collection('tasks').getOne(String(inserted[1199]?.id));
      expect(last).toMatchObject({ title: 'Bulk change 1199', trollies: '7' });
      expect(last.updated > String(inserted[1199]?.updated)).toBe(true);
      const { items } = await historyOf(sarah.pb, 'tasks', last.id);
      expect(items.map((entry) => [entry.action, entry.byName])).toEqual([
        ['create', 'operator (CLI)'],
        ['update', 'operator (CLI)'],
      ]);
      expect(items[1]?.changes).toEqual([{ field: 'trollies', to: '7' }]);
    });

    it('refuses a bulk change when one record was changed meanwhile (412), and the batch writes nothing', async () => {
      const [first, second] = await server.built.records.systemBatch((batch) =>
        batch.insertMany('tasks', [
          { ...order('Bulk change stale A'), nursery: sarah.nursery },
          { ...order('Bulk change stale B'), nursery: sarah.nursery },
        ]),
      );
      await sarah.pb.collection('tasks').update(String(second?.id), { trollies: '2' });
      const refused = server.built.records.systemBatch((batch) => batch.updateMany('tasks', [first!, second!], { trollies: '9' }));
      await expect(refused).rejects.toMatchObject({ status: 412 });
      expect((await sarah.pb.collection('tasks').getOne(String(first?.id))).trollies).toBe('');
      expect((await sarah.pb.collection('tasks').getOne(String(second?.id))).trollies).toBe('2');
    });

    it('is shown only to whoever may view the record', async () => {
      const added = await sarah.pb.collection('tasks').create(order('Private history'));
      const visitor = server.client();
      expect((await failure(historyOf(visitor, 'tasks', added.id))).status).toBe(401);
      const unverified = await createAccount(server, { verified: false });
      expect((await failure(historyOf(unverified.pb, 'tasks', added.id))).status).toBe(403);
      expect((await failure(historyOf(sarah.pb, 'tasks', 'nosuchrecord123'))).status).toBe(404);
      expect((await failure(historyOf(sarah.pb, 'nosuchcollection', added.id))).status).toBe(404);
      // Settings and accounts keep no history.
      expect((await failure(historyOf(sarah.pb, 'users', sarah.id))).status).toBe(404);
      const badPage = await failure(sarah.pb.send(`/api/collections/tasks/records/${added.id}/history`, { query: { page: 0 } }));
      expect(badPage.status).toBe(400);
    });
  });

  describe('soft delete', () => {
    it('is invisible wherever a deleted record was: view, lists, search, cached lists and their ETags, live views', async () => {
      const title = `Vanishing ${Date.now()}`;
      const added = await sarah.pb.collection('tasks').create(order(title, { orderNumber: 'SO-VANISH' }));
      const weekFilter = `year = ${FUTURE_YEAR} && weekNumber = 14`;
      const week = () => tom.pb.collection('tasks').getFullList({ filter: weekFilter });
      expect((await week()).map((o) => o.id)).toContain(added.id);
      // The list as a tablet holds it, with its ETag.
      const url = `${server.url}/api/collections/tasks/records?filter=${encodeURIComponent(weekFilter)}&perPage=500`;
      const auth = { Authorization: tom.pb.authStore.token };
      const before = await fetch(url, { headers: auth });
      const etag = before.headers.get('etag') ?? '';
      expect(etag).not.toBe('');
      const live = await listen(tom.pb, 'tasks', '*');

      await sarah.pb.collection('tasks').delete(added.id, deleteHeaders);

      await waitFor(() => live.events.find((e) => e.action === 'delete' && e.record.id === added.id), 'the live delete');
      await live.unsubscribe();
      expect((await failure(tom.pb.collection('tasks').getOne(added.id))).status).toBe(404);
      expect((await week()).map((o) => o.id)).not.toContain(added.id);
      expect(
        await tom.pb.collection('tasks').getFullList({ filter: tom.pb.filter('title ~ {:q} || orderNumber ~ {:q}', { q: 'VANISH' }) }),
      ).toEqual(expect.not.arrayContaining([expect.objectContaining({ id: added.id })]));
      const after = await fetch(url, { headers: { ...auth, 'If-None-Match': etag } });
      expect(after.status).toBe(200);
      expect(await after.text()).not.toContain(added.id);
      // Neither changed nor deleted a second time.
      expect((await failure(tom.pb.collection('tasks').update(added.id, { title: 'Back?' }))).status).toBe(404);
      expect((await failure(tom.pb.collection('tasks').delete(added.id, deleteHeaders))).status).toBe(404);
      // Gone from its table, exactly as a delete for good.
      const { rows } = await sql`SELECT id FROM tasks WHERE id = ${added.id}`.execute(server.built.database.db);
      expect(rows).toEqual([]);
    });

    it('lists it in Deleted with who deleted it and when it will be purged, and records the delete in its history', async () => {
      const added = await sarah.pb.collection('tasks').create(order('Deleted by Tom'));
      await tom.pb.collection('tasks').delete(added.id, deleteHeaders);
      const { items } = await deletedList(sarah.pb, { collection: 'tasks' });
      const entry = items.find((e) => e.record.id === added.id);
      expect(entry).toMatchObject({
        collectionName: 'tasks',
        deletedBy: tom.id,
        deletedByName: tom.username,
        record: { title: 'Deleted by Tom' },
      });
      const days = (Date.parse(entry!.purgeAfter.replace(' ', 'T')) - Date.parse(entry!.deleted.replace(' ', 'T'))) / 86_400_000;
      expect(days).toBe(30);
      expect(JSON.stringify(items)).not.toContain(tom.email);
      const { items: history } = await historyOf(sarah.pb, 'tasks', added.id);
      expect(history.map((e) => [e.action, e.byName])).toEqual([
        ['create', sarah.username],
        ['delete', tom.username],
      ]);
      // Without the password nothing moves, as before.
      const kept = await sarah.pb.collection('tasks').create(order('Kept without the password'));
      expect((await failure(sarah.pb.collection('tasks').delete(kept.id))).status).toBe(403);
      expect((await deletedList(sarah.pb)).items.map((e) => e.record.id)).not.toContain(kept.id);
    });

    it('lists Deleted only for callers who may list the records, newest first, in pages', async () => {
      expect((await failure(deletedList(server.client()))).status).toBe(401);
      const unverified = await createAccount(server, { verified: false });
      expect((await failure(deletedList(unverified.pb))).status).toBe(403);
      expect((await failure(deletedList(sarah.pb, { collection: 'users' }))).status).toBe(404);
      const ids: string[] = [];
      for (const name of ['Paged one', 'Paged two', 'Paged three']) {
        const added = await sarah.pb.collection('tasks').create(order(name));
        await sarah.pb.collection('tasks').delete(added.id, deleteHeaders);
        ids.push(added.id);
      }
      const all = await deletedList(tom.pb);
      const positions = ids.map((id) => all.items.findIndex((e) => e.record.id === id));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => b - a));
      const second = await deletedList(tom.pb, { page: 2, perPage: 1 });
      expect(second).toMatchObject({ page: 2, perPage: 1, totalItems: all.totalItems, totalPages: all.totalItems });
      expect(second.items.map((e) => e.record.id)).toEqual([all.items[1]?.record.id]);
    });
  });

  describe('restore', () => {
    it('brings the record back as it was, live as a new record, and says who restored it', async () => {
      const added = await sarah.pb.collection('tasks').create(order('Brought back', { status: 'working', orderNumber: 'SO-BACK' }));
      await sarah.pb.collection('tasks').delete(added.id, deleteHeaders);
      const live = await listen(sarah.pb, 'tasks', '*');
      const restored = await restore(tom.pb, 'tasks', added.id);
      const event = await waitFor(() => live.events.find((e) => e.action === 'create' && e.record.id === added.id), 'the live create');
      await live.unsubscribe();
      const { updated: _u, updated_by: _b, ...unchanged } = added;
      expect(restored).toMatchObject({ ...unchanged, updated_by: tom.id });
      expect(restored.updated > added.updated).toBe(true);
      expect(event.record).toMatchObject({ id: added.id, title: 'Brought back' });
      await expect(sarah.pb.collection('tasks').getOne(added.id)).resolves.toMatchObject({ title: 'Brought back', status: 'working' });
      const found = await sarah.pb.collection('tasks').getFullList({ filter: sarah.pb.filter('orderNumber ~ {:q}', { q: 'SO-BACK' }) });
      expect(found.map((o) => o.id)).toContain(added.id);
      expect((await deletedList(sarah.pb)).items.map((e) => e.record.id)).not.toContain(added.id);
      expect((await historyOf(sarah.pb, 'tasks', added.id)).items.map((e) => [e.action, e.byName])).toEqual([
        ['create', sarah.username],
        ['delete', sarah.username],
        ['restore', tom.username],
      ]);
      // Once only.
      expect((await failure(restore(tom.pb, 'tasks', added.id))).status).toBe(404);
    });

    it('refuses a run whose name another run took meanwhile, in a sentence, and keeps it in Deleted', async () => {
      const name = `Kent run ${Date.now()}`;
      const first = await sarah.pb.collection('trolley_exports').create(run(name));
      await sarah.pb.collection('trolley_exports').delete(first.id, deleteHeaders);
      const second = await tom.pb.collection('trolley_exports').create(run(name));
      const refused = await failure(restore(sarah.pb, 'trolley_exports', first.id));
      expect(refused.status).toBe(409);
      expect(refused.message).toBe(
        `A run named "${name}" was saved after this one was deleted. Rename or delete that run first, then restore this one.`,
      );
      expect((await deletedList(sarah.pb, { collection: 'trolley_exports' })).items.map((e) => e.record.id)).toContain(first.id);
      await tom.pb.collection('trolley_exports').update(second.id, { name: `${name} (new)` });
      await expect(restore(sarah.pb, 'trolley_exports', first.id)).resolves.toMatchObject({ id: first.id, name });
    });

    it('is refused to visitors and people not yet verified, and 404 for what is not in Deleted', async () => {
      const added = await sarah.pb.collection('tasks').create(order('Not for visitors'));
      await sarah.pb.collection('tasks').delete(added.id, deleteHeaders);
      expect((await failure(restore(server.client(), 'tasks', added.id))).status).toBe(401);
      const unverified = await createAccount(server, { verified: false });
      expect((await failure(restore(unverified.pb, 'tasks', added.id))).status).toBe(403);
      expect((await failure(restore(sarah.pb, 'tasks', 'nosuchrecord123'))).status).toBe(404);
      expect((await failure(restore(sarah.pb, 'user_settings', added.id))).status).toBe(404);
      const live = await sarah.pb.collection('tasks').create(order('Never deleted'));
      expect((await failure(restore(sarah.pb, 'tasks', live.id))).status).toBe(404);
    });
  });

  describe('purge', () => {
    it('removes a deleted record for good, its history too', async () => {
      const added = await sarah.pb.collection('tasks').create(order('Purged for good'));
      await sarah.pb.collection('tasks').update(added.id, { status: 'loaded' });
      await sarah.pb.collection('tasks').delete(added.id, deleteHeaders);
      expect((await failure(purge(server.client(), 'tasks', added.id))).status).toBe(401);
      // Only what is in Deleted can be purged.
      const live = await sarah.pb.collection('tasks').create(order('Not deleted, not purged'));
      expect((await failure(purge(sarah.pb, 'tasks', live.id))).status).toBe(404);
      // Office staff (Tom) restore but do not purge; staff do neither; another nursery finds nothing.
      const purgedByOffice = await failure(purge(tom.pb, 'tasks', added.id));
      expect([purgedByOffice.status, purgedByOffice.message]).toEqual([403, 'Only admins can purge deleted orders and runs.']);
      const staff = await createAccount(server, { nursery: sarah.nursery, role: 'staff' });
      const restoredByStaff = await failure(restore(staff.pb, 'tasks', added.id));
      expect([restoredByStaff.status, restoredByStaff.message]).toEqual([
        403,
        'Only office staff and admins can restore deleted orders and runs.',
      ]);
      const elsewhere = await createAccount(server);
      expect((await failure(purge(elsewhere.pb, 'tasks', added.id))).status).toBe(404);
      expect((await failure(restore(elsewhere.pb, 'tasks', added.id))).status).toBe(404);
      expect((await deletedList(elsewhere.pb)).items).toEqual([]);

      await purge(sarah.pb, 'tasks', added.id);
      expect((await deletedList(sarah.pb)).items.map((e) => e.record.id)).not.toContain(added.id);
      expect((await failure(historyOf(sarah.pb, 'tasks', added.id))).status).toBe(404);
      expect((await failure(restore(sarah.pb, 'tasks', added.id))).status).toBe(404);
      expect((await failure(purge(sarah.pb, 'tasks', added.id))).status).toBe(404);
      const { rows } = await sql`SELECT id FROM record_history WHERE record = ${added.id}`.execute(server.built.database.db);
      expect(rows).toEqual([]);
    });
  });
});
