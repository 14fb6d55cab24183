import type { Kysely } from 'kysely';
import { customers } from '#domain/collections/customers';
import { trolleyMovements } from '#domain/collections/trolley-movements';
import { addField, addIndex } from './declared-tables';

// Hauliers and transfers (issue 34, docs/decisions/079): a customer's `kind` (every existing one a
// customer), and a movement's `transfer` and `receivedBy`, with the index that keeps a transfer to
// one movement of each kind, on both databases. Never edit a merged migration; add a new one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await addField(db, customers, 'kind');
  await addField(db, trolleyMovements, 'transfer');
  await addField(db, trolleyMovements, 'receivedBy');
  await addIndex(db, trolleyMovements, 'trolley_movements_transfer');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('trolley_movements_transfer').ifExists().execute();
  await db.schema.alterTable('trolley_movements').dropColumn('receivedBy').execute();
  await db.schema.alterTable('trolley_movements').dropColumn('transfer').execute();
  await db.schema.alterTable('customers').dropColumn('kind').execute();
}
