import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The plant-label list (issue 28, docs/decisions/057): one row a plant of a nursery, with whether
// the nursery has its labels (`has_labels`: 'new' not checked yet, 'labels', 'print' needs
// printing), who added it (`user`, as the original app kept it) and the trail's who added and
// changed it (docs/decisions/034). Never edit a merged migration; add a new one.

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // As every table since migration 002: `seq`, the insertion order (the rowid on SQLite).
  const columns = sql`"created" text NOT NULL,
    "updated" text NOT NULL,
    "nursery" text NOT NULL DEFAULT '',
    "plant_name" text NOT NULL DEFAULT '',
    "has_labels" text NOT NULL DEFAULT 'new',
    "user" text NOT NULL DEFAULT '',
    "created_by" text NOT NULL DEFAULT '',
    "updated_by" text NOT NULL DEFAULT ''`;
  if (isPostgres(db)) {
    await sql`CREATE TABLE plant_labels ("id" text PRIMARY KEY, ${columns}, "seq" BIGINT NOT NULL GENERATED ALWAYS AS IDENTITY)`.execute(
      db,
    );
    await sql`CREATE UNIQUE INDEX plant_labels_seq ON plant_labels (seq)`.execute(db);
  } else {
    await sql`CREATE TABLE plant_labels ("seq" INTEGER PRIMARY KEY, "id" text NOT NULL UNIQUE, ${columns})`.execute(db);
  }
  await db.schema.createIndex('plant_labels_name').on('plant_labels').columns(['nursery', 'plant_name']).execute();
  await db.schema.createIndex('plant_labels_nursery_seq').on('plant_labels').columns(['nursery', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plant_labels').execute();
}
