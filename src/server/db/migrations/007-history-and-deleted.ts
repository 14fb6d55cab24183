import { sql, type Kysely } from 'kysely';

// Who did what, and nothing lost by a slip (issue 15, docs/decisions/034).
// - Orders and runs gain `created_by` and `updated_by`. An order's `user` always was its creator,
//   so it fills `created_by`; a run's `user` is its last saver, so it fills `updated_by`.
// - `record_history`: every change of an order or a run (who, when, each field from → to),
//   written by the one write path in the transaction of the change.
// - `deleted_records`: a deleted order or run, moved out of its table whole (so it is gone from
//   every list, search, sheet and live view exactly as before) and kept until purged.
// - `job_claims`: a job that one instance of several should run once (the purge of old
//   deleted records) is claimed by moving its row's next time forward, which only one can do.
// Same schema on SQLite and PostgreSQL. Never edit a merged migration; add a new one.

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['tasks', 'trolley_exports']) {
    await db.schema
      .alterTable(table)
      .addColumn('created_by', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('updated_by', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
  await sql`UPDATE tasks SET created_by = "user"`.execute(db);
  await sql`UPDATE trolley_exports SET updated_by = "user"`.execute(db);

  await db.schema
    .createTable('record_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // One record's history, in order; and every entry of the records a purge removes.
  await db.schema.createIndex('record_history_record').on('record_history').columns(['collection', 'record', 'at']).execute();

  await db.schema
    .createTable('deleted_records')
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    // Every column of the row as it was (JSON), so a restore puts it back as it was.
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('deleted', 'text', (c) => c.notNull())
    .addColumn('deleted_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('deleted_by_name', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('deleted_records_pkey', ['collection', 'id'])
    .execute();
  // The Deleted page (newest first) and the purge (oldest first).
  await db.schema.createIndex('deleted_records_deleted').on('deleted_records').column('deleted').execute();

  await db.schema
    .createTable('job_claims')
    .addColumn('name', 'text', (c) => c.primaryKey())
    // ms since the epoch: the job may run again from then on.
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('claimed_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_claims').execute();
  await db.schema.dropTable('deleted_records').execute();
  await db.schema.dropTable('record_history').execute();
  for (const table of ['tasks', 'trolley_exports']) {
    await db.schema.alterTable(table).dropColumn('updated_by').execute();
    await db.schema.alterTable(table).dropColumn('created_by').execute();
  }
}
