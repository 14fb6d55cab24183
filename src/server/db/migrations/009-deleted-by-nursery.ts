import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Deleted, by nursery (issue 15, docs/decisions/034 and 036). A record in Deleted keeps its
// nursery in a column of its own, so that a nursery's Deleted page reads its own entries through
// an index that starts with the nursery, however many other nurseries share the server. Entries
// deleted before this migration take it from the row they keep (JSON). Never edit a merged
// migration; add a new one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('deleted_records')
    .addColumn('nursery', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`UPDATE deleted_records SET nursery = COALESCE(data::jsonb ->> 'nursery', '')`.execute(db);
  else await sql`UPDATE deleted_records SET nursery = COALESCE(json_extract(data, '$.nursery'), '')`.execute(db);
  await db.schema.createIndex('deleted_records_nursery').on('deleted_records').columns(['nursery', 'deleted']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('deleted_records_nursery').execute();
  await db.schema.alterTable('deleted_records').dropColumn('nursery').execute();
}
