import type { Kysely } from 'kysely';

// What each create that chose its record's id asked for (docs/decisions/054): a digest of its body
// as the validators read it, so a resend of that create is recognised in every collection, also
// one without a history to undo later changes from (customers, pool statements). Never edit a
// merged migration; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chosen_ids')
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chosen_ids_pk', ['collection', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chosen_ids').execute();
}
