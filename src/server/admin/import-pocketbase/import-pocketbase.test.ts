import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import type { Database } from '../../db/schema';
import { filesFolder } from '../../files/file-store';
import { PNG_BYTES } from '../../../../tests/support/files';
import {
  addOrderPhoto,
  buildOriginalApp,
  ORIGINAL_PASSWORD,
  pocketBaseBinary,
  type OriginalApp,
} from '../../../../tests/support/pocketbase-original';
import { startTestServer, type TestServer } from '../../../../tests/support/server';
import { runAdmin, type ServerProcessOptions } from '../../../../tests/support/server-process';
import { runPocketBaseImport } from './import-command';

// `npm run admin -- import-pocketbase` against REAL PocketBase data (docs/decisions/048): the
// original app's collections made by PocketBase 0.22.20 itself and filled through the official
// SDK, imported by the real CLI into the real server's database (SQLite, or PostgreSQL in its
// pass), then read back through our API as an imported person signed in with their old password.

const SLOW_MS = 240_000;
const TABLES: ReadonlyArray<keyof Database> = [
  'nurseries',
  'users',
  'user_settings',
  'tasks',
  'customers',
  'trolley_movements',
  'trolley_exports',
  'record_history',
  'deleted_records',
  'imported_records',
  'stored_files',
  'plant_labels',
];

describe('npm run admin -- import-pocketbase (real PocketBase 0.22.20 data)', () => {
  let tmp: string;
  let original: OriginalApp | null = null;
  let unavailable = '';
  let server: TestServer;
  let cli: ServerProcessOptions;
  let nurseryId = '';
  let binary = '';

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trolleyboard-pb-import-'));
    const found = await pocketBaseBinary(tmp);
    if ('unavailable' in found) {
      unavailable = found.unavailable;
      return;
    }
    binary = found.binary;
    original = await buildOriginalApp(found.binary, tmp);
    server = await startTestServer();
    cli = { dataDir: server.config.dataDir, databaseUrl: server.config.databaseUrl };
  }, SLOW_MS);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** The original app's data, or the test skipped with a line saying why (never a failure). */
  function data(context: TestContext): OriginalApp {
    if (!original) {
      console.log(`Skipped: PocketBase 0.22.20 cannot run here (${unavailable}).`);
      context.skip();
    }
    return original as OriginalApp;
  }

  /** Files in the store's folder (the embedded default); PostgreSQL's are counted in stored_files. */
  function folderFiles(): string[] {
    const root = filesFolder(server.config.dataDir);
    return fs.existsSync(root)
      ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile())
      : [];
  }

  async function rowCounts(): Promise<Record<string, number>> {
    const { db } = server.built.database;
    const counts: Record<string, number> = { folderFiles: folderFiles().length };
    for (const table of TABLES)
      counts[table] = Number((await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    return counts;
  }

  const byId = (records: RecordModel[], id: string) => records.find((r) => r.id === id);

  it(
    'a dry run prints the counts per collection and every record it would skip, and writes nothing',
    async (context) => {
      const app = data(context);
      const before = await rowCounts();
      const dry = await runAdmin(['import-pocketbase', app.pbData, '--dry-run'], cli);
      expect(dry.code, dry.stderr).toBe(0);
      const long = app.users[3]!;
      const twoDays = app.tasks[4]!;
      expect(dry.stdout).toContain('(PocketBase 0.22 layout)');
      expect(dry.stdout).toContain('Dry run: nothing was written. An import would go into a new nursery "hillside-plants".');
      expect(dry.stdout).toContain('users: 4 read, 3 would import, 0 imported before, 1 skipped');
      expect(dry.stdout).toContain('tasks: 5 read, 4 would import, 0 imported before, 1 skipped');
      expect(dry.stdout).toContain('trolley_movements: 3 read, 4 would import, 0 imported before, 0 skipped');
      expect(dry.stdout).toContain('trolley_customers: 2 read, 2 would import');
      expect(dry.stdout).toContain('trolley_exports: 2 read, 2 would import');
      expect(dry.stdout).toContain('user_settings: 1 read, 1 would import');
      expect(dry.stdout).toContain(`users ${long.id}: username: Use 3 to 50 letters`);
      expect(dry.stdout).toMatch(new RegExp(`tasks ${twoDays.id}: day: .+`));
      expect(dry.stdout).toContain('plant_labels: 3 read, 3 would import, 0 imported before, 0 skipped');
      // The original app's orders name no customer (its deleted one is in Deleted): the report points at the linking assistant (docs/decisions/066).
      expect(dry.stdout).toMatch(
        /Note: 3 orders of the nursery would have no customer: office staff or admins link them to customers at \S+\/link-orders\./,
      );
      // The movement's photo and text file; the order photos of the `files` collection, one of an order that does not come over.
      expect(dry.stdout).toContain('attached files: 4 read, 2 would import, 0 imported before, 2 skipped');
      expect(dry.stdout).toContain(
        `files file ${app.photos[1]!.id}/${String(app.photos[1]!.file)}: its order ${twoDays.id} was not imported`,
      );
      expect(dry.stdout).not.toContain('no place for the files of files.file');
      expect(dry.stdout).toMatch(
        new RegExp(
          `trolley_movements file ${app.movements[0]!.id}/notes_\\w+\\.txt: it is a file of another kind; attachments here are photos and PDFs only`,
        ),
      );
      expect(await rowCounts()).toEqual(before);
    },
    SLOW_MS,
  );

  it(
    'imports people, orders, runs, customers and the ledger record by record; an imported person signs in with their old password',
    async (context) => {
      const app = data(context);
      const done = await runAdmin(['import-pocketbase', app.pbData], cli);
      expect(done.code, done.stderr).toBe(0);
      nurseryId = /Imported into a new nursery "hillside-plants" \((\w{15})\)/.exec(done.stdout)?.[1] ?? '';
      expect(nurseryId, done.stdout).not.toBe('');
      expect(done.stdout).toMatch(
        /Note: 3 orders of the nursery have no customer: office staff or admins link them to customers at \S+\/link-orders\./,
      );
      const [hilda, sam, vic] = app.users as [RecordModel, RecordModel, RecordModel];

      // The bcrypt hash came over as it was; the first sign-in rehashes it to ours.
      expect((await server.built.users.findById(hilda.id))?.passwordHash).toMatch(/^\$2[aby]\$/);
      const pb = server.client();
      const auth = await pb.collection('users').authWithPassword('hillside-plants-hilda', ORIGINAL_PASSWORD);
      expect(auth.record).toMatchObject({
        id: hilda.id,
        username: 'hillside-plants-hilda',
        name: 'Hilda Green',
        role: 'admin',
        verified: true,
        nursery: nurseryId,
      });
      expect((await server.built.users.findById(hilda.id))?.passwordHash).toMatch(/^\$argon2id\$/);
      // And the password still works against the new hash; a wrong one does not.
      await expect(server.client().collection('users').authWithPassword('hillside-plants-hilda', ORIGINAL_PASSWORD)).resolves.toBeTruthy();
      await expect(server.client().collection('users').authWithPassword('hillside-plants-hilda', 'not-the-password')).rejects.toMatchObject(
        {
          status: 400,
        },
      );

      const people = await pb.collection('users').getFullList({ sort: 'created' });
      // Those the original's admin added have no e-mail address: yard accounts here, verified as every yard account.
      expect(people.map((p) => [p.id, p.username, p.name, p.role, p.verified, p.email])).toEqual([
        [hilda.id, 'hillside-plants-hilda', 'Hilda Green', 'admin', true, 'hilda@hillside.test'],
        [sam.id, 'hillside-plants-sam', 'sam', 'office', true, ''],
        [vic.id, 'hillside-plants-vic', 'vic', 'viewer', true, ''],
      ]);
      // Such a person signs in with their username and old password and uses the nursery's board.
      const samClient = server.client();
      await samClient.collection('users').authWithPassword('hillside-plants-sam', ORIGINAL_PASSWORD);
      expect((await samClient.collection('tasks').getFullList()).map((o) => o.id).sort()).toEqual(
        app.tasks
          .slice(0, 3)
          .map((t) => t.id)
          .sort(),
      );
      expect(byId(people, hilda.id)?.termsAgreement).toEqual({ agreed: true, timestamp: '2025-06-21T09:00:00.000Z', version: 'v1.0' });
      expect(byId(people, vic.id)?.termsAgreement).toBeNull();

      // Orders: every live one, field by field, with its id, times and who made and changed it.
      const orders = await pb.collection('tasks').getFullList({ sort: 'created' });
      const live = app.tasks.slice(0, 3);
      expect(orders.map((o) => o.id)).toEqual(live.map((t) => t.id));
      for (const source of live) {
        const order = byId(orders, source.id)!;
        expect(order).toMatchObject({
          title: source.title,
          day: (source.day as string[])[0],
          postcode: source.postcode,
          orderNumber: source.orderNumber,
          customerType: source.customerType,
          other: source.other,
          weekNumber: source.weekNumber,
          year: source.year === 0 ? 2024 : source.year,
          orderInfo: source.orderInfo,
          status: source.status,
          trollies: source.trollies,
          extras: source.extras,
          user: hilda.id,
          created_by: hilda.id,
          updated_by: sam.id,
          nursery: nurseryId,
          created: source.created,
          updated: source.updated,
        });
      }
      expect(byId(orders, app.tasks[0]!.id)).toMatchObject({ year: 2024, weekNumber: 40, day: 'friday' });
      // The soft-deleted order is in Deleted, with its id.
      const deleted = await pb.send<{ items: Array<{ collectionName: string; record: { id: string; title: string } }> }>('/api/deleted', {
        query: { collection: 'tasks' },
      });
      expect(deleted.items.map((e) => [e.collectionName, e.record.id, e.record.title])).toEqual([
        ['tasks', app.tasks[3]!.id, 'Gone order'],
      ]);

      // Week headings.
      const settings = await pb.collection('user_settings').getFullList();
      expect(settings.map((s) => [s.id, s.user, s.settings_json])).toEqual([
        [app.settings[0]!.id, hilda.id, { monday_heading: 'North run', friday_heading: 'Coast' }],
      ]);

      // Customers and the ledger: a movement with out and in counts is two movements here.
      const customers = await pb.collection('customers').getFullList({ sort: 'created' });
      expect(customers.map((c) => [c.id, c.name, c.email, c.notes])).toEqual([
        [app.customers[0]!.id, 'Rose Garden Centre', 'buyer@rose.test', 'Gate code 1234'],
        [app.customers[1]!.id, 'Meadow Nursery', '', 'Contact: 01234 567890'],
      ]);
      const moves = await pb.collection('trolley_movements').getFullList({ sort: 'created,kind' });
      const [m0, m1, m2] = app.movements as [RecordModel, RecordModel, RecordModel];
      expect(moves.map((m) => [m.customer, m.kind, m.trolleys, m.shelves, m.extensions, m.date, m.note, m.recordedBy])).toEqual([
        [m0.customer, 'out', 5, 10, 0, '2025-03-04', 'Delivered', sam.id],
        [m1.customer, 'in', 4, 0, 1, '2025-03-04', 'Swapped', sam.id],
        [m1.customer, 'out', 2, 0, 0, '2025-03-04', 'Swapped', sam.id],
        [m2.customer, 'in', 3, 0, 0, '2025-03-04', 'Returned', sam.id],
      ]);
      expect(moves.filter((m) => [m0.id, m1.id, m2.id].includes(m.id))).toHaveLength(3);

      // The run, its stops cut to our stop fields.
      const runs = await pb.collection('trolley_exports').getFullList({ sort: 'created' });
      const source = app.runs[0]!;
      expect(runs.map((r) => r.id)).toEqual(app.runs.map((r) => r.id));
      expect(runs[0]).toMatchObject({ id: source.id, name: source.name, user: hilda.id, created: source.created, nursery: nurseryId });
      expect(runs[0]!.data).toEqual(
        (source.data as Array<Record<string, string>>).map(({ id, title, postcode, trollies, extras, orderNumber }) => ({
          id,
          title,
          postcode,
          trollies,
          extras,
          orderNumber,
        })),
      );
      expect(runs[0]!.vehicleInfo).toMatchObject({ driver: 'Dan', reg: 'AB12 CDE', date: '2025-03-18', vehicleType: 'lorry' });
      // It arrives dispatched, when the original app dispatched it, by its person; and books
      // nothing again: the four movements above are the whole ledger.
      expect(runs[0]).toMatchObject({
        state: 'dispatched',
        stateLog: [{ state: 'dispatched', at: '2025-03-18T06:30:00.000Z', by: hilda.id, name: 'Hilda Green' }],
      });
      expect(moves.filter((m) => m.run)).toEqual([]);
      // The original app's "Processing" is our loading, from its last change.
      expect(runs[1]).toMatchObject({
        state: 'loading',
        stateLog: [{ state: 'loading', at: app.runs[1]!.updated.replace(' ', 'T'), by: hilda.id, name: 'Hilda Green' }],
      });

      // An order photo of the original's `files` collection is on its order, named after its title, byte for byte.
      const photographed = byId(orders, app.tasks[0]!.id)!;
      expect(photographed.attachments).toEqual([expect.stringMatching(/^delivery_note_\w{10}\.png$/)]);
      const photoToken = await pb.files.getToken();
      const photo = await fetch(pb.files.getURL(photographed, (photographed.attachments as string[])[0]!, { token: photoToken }));
      expect(photo.status).toBe(200);
      expect(new Uint8Array(await photo.arrayBuffer())).toEqual(PNG_BYTES);

      // The movement's photo came over, served with a file token byte for byte.
      const out = moves.find((m) => m.id === m0.id)!;
      const photoName = (m0.files as string[]).find((n) => n.endsWith('.png'))!;
      expect(out.attachments).toEqual([photoName]);
      const token = await pb.files.getToken();
      const served = await fetch(pb.files.getURL(out, photoName, { token }));
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_BYTES);
      expect((await fetch(pb.files.getURL(out, photoName))).status).toBe(404);

      // The plant-label list, each plant with its id, state, times and who added it (docs/decisions/057).
      const plants = await pb.collection('plant_labels').getFullList({ sort: 'created' });
      expect(plants.map((p) => [p.id, p.plant_name, p.has_labels, p.user, p.created_by, p.nursery, p.created, p.updated])).toEqual(
        app.plantLabels.map((p) => [p.id, p.plant_name, p.has_labels, p.user, p.user, nurseryId, p.created, p.updated]),
      );
      expect(plants.map((p) => p.has_labels)).toEqual(['print', 'labels', 'new']);
    },
    SLOW_MS,
  );

  it(
    'a second run into the same nursery imports nothing twice',
    async (context) => {
      const app = data(context);
      expect(nurseryId).not.toBe('');
      const before = await rowCounts();
      const again = await runAdmin(['import-pocketbase', app.pbData, '--nursery', nurseryId], cli);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('Imported into the nursery "hillside-plants"');
      expect(again.stdout).toContain('tasks: 5 read, 0 imported, 4 imported before, 1 skipped');
      expect(again.stdout).toContain('trolley_movements: 3 read, 0 imported, 4 imported before, 0 skipped');
      expect(again.stdout).toContain('users: 4 read, 0 imported, 3 imported before, 1 skipped');
      expect(again.stdout).toContain('attached files: 4 read, 0 imported, 3 imported before, 1 skipped');
      expect(again.stdout).toContain('plant_labels: 3 read, 0 imported, 3 imported before, 0 skipped');
      expect(await rowCounts()).toEqual(before);
    },
    SLOW_MS,
  );

  it(
    'the same command run again, without --nursery, goes into the nursery the first run made and imports nothing twice',
    async (context) => {
      const app = data(context);
      expect(nurseryId).not.toBe('');
      const before = await rowCounts();
      const again = await runAdmin(['import-pocketbase', app.pbData], cli);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain(`Imported into the nursery "hillside-plants" (${nurseryId}).`);
      expect(again.stdout).toContain('An earlier import of this data went into the nursery "hillside-plants": this one went there too.');
      expect(again.stdout).toContain('tasks: 5 read, 0 imported, 4 imported before, 1 skipped');
      expect(await rowCounts()).toEqual(before);
    },
    SLOW_MS,
  );

  it(
    'a photo added in the original app after the import comes over onto its order when the command runs again, once',
    async (context) => {
      const app = data(context);
      expect(nurseryId).not.toBe('');
      const meadow = app.tasks[1]!;
      const added = await addOrderPhoto(binary, app.pbData, meadow.id, 'Signed docket');
      const again = await runAdmin(['import-pocketbase', app.pbData], cli);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('attached files: 5 read, 1 imported, 3 imported before, 1 skipped');
      const pb = server.client();
      await pb.collection('users').authWithPassword('hillside-plants-hilda', ORIGINAL_PASSWORD);
      const order = await pb.collection('tasks').getOne(meadow.id);
      expect(order.attachments).toEqual([expect.stringMatching(/^signed_docket_\w{10}\.png$/)]);
      expect(
        await server.built.database.db
          .selectFrom('imported_records')
          .select(['collection', 'recordId'])
          .where('source', '=', 'files')
          .where('sourceId', '=', added.id)
          .execute(),
      ).toEqual([{ collection: 'tasks', recordId: meadow.id }]);

      const before = await rowCounts();
      const once = await runAdmin(['import-pocketbase', app.pbData], cli);
      expect(once.stdout).toContain('attached files: 5 read, 0 imported, 4 imported before, 1 skipped');
      expect(await rowCounts()).toEqual(before);
    },
    SLOW_MS,
  );

  it(
    'a failure part-way through leaves the target as it was; a folder that is not PocketBase data is refused in words',
    async (context) => {
      const app = data(context);
      // Into a nursery of its own (the data's people are taken here by now, so they are skipped).
      const made = await runAdmin(
        [
          'create-user',
          '--username',
          'half_import',
          '--email',
          'half@import.test',
          '--password',
          ORIGINAL_PASSWORD,
          '--nursery-name',
          'Half an import',
        ],
        cli,
      );
      expect(made.code, made.stderr).toBe(0);
      const half = await server.built.database.db
        .selectFrom('nurseries')
        .selectAll()
        .where('name', '=', 'Half an import')
        .executeTakeFirstOrThrow();
      const before = await rowCounts();
      await expect(
        runPocketBaseImport(server.built.records, server.config, app.pbData, {
          nursery: half,
          dryRun: false,
          afterRecord: (written) => {
            // After the first orders (2 customers, 4 movements, 4 orders), whose photos are in the store by then.
            if (written === 8) throw new Error('the disk filled up mid-import');
          },
        }),
      ).rejects.toThrow('the disk filled up mid-import');
      expect(await rowCounts()).toEqual(before);

      const nowhere = await runAdmin(['import-pocketbase', path.join(tmp, 'no-such-folder')], cli);
      expect(nowhere.code).toBe(1);
      expect(nowhere.stderr).toContain('There is no PocketBase data.db at');
    },
    SLOW_MS,
  );
});
