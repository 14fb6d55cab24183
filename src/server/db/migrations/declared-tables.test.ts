import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { defineCollection, number, text } from '#domain/collections/fields';
import { plantLabels } from '#domain/collections/plant-labels';
import * as plantLabels020 from './020-plant-labels';
import { addField, addIndex, createCollectionTable } from './declared-tables';
import { isPostgresPass, throwawayDatabase } from './migration-test-db';

// The helpers that write a migration from a declaration (declared-tables.ts, docs/decisions/060)
// make exactly what the hand-written practice made: `createCollectionTable(db, plantLabels)` the
// table migration 020 made, column for column (order, type, NOT NULL, default, key, identity) and
// index for index; `addField` a column every existing row takes with its default. On SQLite and,
// in the PostgreSQL pass, on PostgreSQL.

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

interface Shape {
  columns: Array<Record<string, unknown>>;
  indexes: Array<Record<string, unknown>>;
}

/** Everything the database says about a table's columns and indexes, in one form to compare. */
async function shapeOf(db: Kysely<unknown>, table: string): Promise<Shape> {
  if (isPostgresPass) {
    const { rows: columns } = await sql<Record<string, unknown>>`
      SELECT column_name, ordinal_position, data_type, is_nullable, column_default, is_identity, identity_generation
      FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}
      ORDER BY ordinal_position`.execute(db);
    // Each throwaway database is a schema of its own, which indexdef names: left out.
    const { rows: indexes } = await sql<Record<string, unknown>>`
      SELECT indexname, replace(indexdef, current_schema() || '.', '') AS indexdef FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = ${table} ORDER BY indexname`.execute(db);
    const { rows: keys } = await sql<Record<string, unknown>>`
      SELECT constraint_name, constraint_type FROM information_schema.table_constraints
      WHERE table_schema = current_schema() AND table_name = ${table} AND constraint_type IN ('PRIMARY KEY', 'UNIQUE')
      ORDER BY constraint_name`.execute(db);
    return { columns, indexes: [...indexes, ...keys] };
  }
  const { rows: columns } = await sql<Record<string, unknown>>`
    SELECT cid, name, type, "notnull", dflt_value, pk FROM pragma_table_info(${table}) ORDER BY cid`.execute(db);
  const { rows: list } = await sql<{ name: string; unique: number; origin: string; partial: number }>`
    SELECT name, "unique", origin, partial FROM pragma_index_list(${table}) ORDER BY name`.execute(db);
  const indexes: Array<Record<string, unknown>> = [];
  for (const index of list) {
    const { rows: on } = await sql<{ name: string | null }>`SELECT name FROM pragma_index_info(${index.name}) ORDER BY seqno`.execute(db);
    indexes.push({ ...index, on: on.map((column) => column.name) });
  }
  return { columns, indexes };
}

describe(`migrations from the declaration (${isPostgresPass ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('createCollectionTable(plantLabels) makes exactly the table migration 020 made', async () => {
    const handWritten = await throwawayDatabase(cleanups);
    await plantLabels020.up(handWritten);
    const declared = await throwawayDatabase(cleanups);
    await createCollectionTable(declared, plantLabels);
    const expected = await shapeOf(handWritten, 'plant_labels');
    expect(expected.columns.length).toBe(10);
    expect(await shapeOf(declared, 'plant_labels')).toEqual(expected);
    // The insertion order is the database's own, on both: the second row after the first.
    for (const db of [handWritten, declared]) {
      for (const id of ['b', 'a'])
        await sql`INSERT INTO plant_labels (id, created, updated) VALUES (${id}, '2026-03-02', '2026-03-02')`.execute(db);
      const { rows } = await sql<{ id: string; has_labels: string }>`SELECT id, has_labels FROM plant_labels ORDER BY seq`.execute(db);
      expect(rows).toEqual([
        { id: 'b', has_labels: 'new' },
        { id: 'a', has_labels: 'new' },
      ]);
    }
  });

  it('addField adds the declared column with its default, which every existing row takes', async () => {
    const withPallets = defineCollection({
      ...plantLabels,
      fields: {
        ...plantLabels.fields,
        pallets: number({ label: 'Pallets', settable: 'always', min: 0, max: 99, default: 0 }),
        colour: text({ label: "Colour's name", settable: 'always', max: 50, default: "Nurse's green" }),
      },
    });
    const migrated = await throwawayDatabase(cleanups);
    await plantLabels020.up(migrated);
    await sql`INSERT INTO plant_labels (id, created, updated) VALUES ('old', '2026-03-02', '2026-03-02')`.execute(migrated);
    await addField(migrated, withPallets, 'pallets');
    await addField(migrated, withPallets, 'colour');
    const { rows } = await sql<{ pallets: number; colour: string }>`SELECT pallets, colour FROM plant_labels`.execute(migrated);
    expect(rows).toEqual([{ pallets: 0, colour: "Nurse's green" }]);
    // The same columns as a table made with the field from the start (only their order differs).
    const fresh = await throwawayDatabase(cleanups);
    await createCollectionTable(fresh, withPallets);
    const byName = (shape: Shape) =>
      Object.fromEntries(
        shape.columns.map(({ cid: _cid, ordinal_position: _position, ...column }) => [String(column.name ?? column.column_name), column]),
      );
    expect(byName(await shapeOf(migrated, 'plant_labels'))).toEqual(byName(await shapeOf(fresh, 'plant_labels')));
    // On that fresh install the later migration's addField finds its column made, and does nothing.
    await addField(fresh, withPallets, 'pallets');
    expect(byName(await shapeOf(fresh, 'plant_labels'))).toEqual(byName(await shapeOf(migrated, 'plant_labels')));
  });

  it('addIndex adds a declared index once: made already on a fresh install, added on an old one', async () => {
    const withIndex = defineCollection({
      ...plantLabels,
      indexes: [...plantLabels.indexes, { name: 'plant_labels_state', on: ['nursery', 'has_labels'] }],
    });
    const migrated = await throwawayDatabase(cleanups);
    await plantLabels020.up(migrated);
    await addIndex(migrated, withIndex, 'plant_labels_state');
    const fresh = await throwawayDatabase(cleanups);
    await createCollectionTable(fresh, withIndex);
    await addIndex(fresh, withIndex, 'plant_labels_state');
    expect(await shapeOf(migrated, 'plant_labels')).toEqual(await shapeOf(fresh, 'plant_labels'));
    expect(JSON.stringify((await shapeOf(fresh, 'plant_labels')).indexes)).toContain('plant_labels_state');
  });

  it('refuses a field no existing row could take, and a text index it cannot write', async () => {
    const db = await throwawayDatabase(cleanups);
    await plantLabels020.up(db);
    const refused = defineCollection({
      ...plantLabels,
      fields: {
        ...plantLabels.fields,
        count: number({ label: 'Count', settable: 'always', required: true }),
        note: text({ label: 'Note', settable: 'always', max: 50, default: '', textIndex: true }),
      },
    });
    await expect(addField(db, refused, 'count')).rejects.toThrow('plant_labels.count: a field added to existing rows needs a default');
    await expect(addField(db, refused, 'note')).rejects.toThrow('plant_labels.note: a text-indexed field needs its search index');
  });
});
