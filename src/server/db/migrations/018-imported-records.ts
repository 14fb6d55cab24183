import type { Kysely } from 'kysely';

// What `npm run admin -- import-pocketbase` brought into each nursery (docs/decisions/048): one
// row per record of the PocketBase data it came from, so a second run imports nothing twice even
// where a record's id could not be kept, or the record went to Deleted. Never edit a merged
// migration; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('imported_records')
    .addColumn('nursery', 'text', (c) => c.notNull())
    // The PocketBase collection and record id (a movement split in two: `<id>:in` for its returns).
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('sourceId', 'text', (c) => c.notNull())
    // Where it went: our collection and record id.
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('recordId', 'text', (c) => c.notNull())
    .addColumn('importedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('imported_records_pk', ['nursery', 'source', 'sourceId'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('imported_records').execute();
}
