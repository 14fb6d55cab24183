import type { Kysely } from 'kysely';
import { customers } from '#domain/collections/customers';
import { addField } from './declared-tables';

// A customer's delivery round and its pinned place in it (issue 33, docs/decisions/076): two
// columns every existing customer takes with their defaults ('' no round, 0 not pinned), on both
// databases. Never edit a merged migration; add a new one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await addField(db, customers, 'round');
  await addField(db, customers, 'roundPlace');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customers').dropColumn('roundPlace').execute();
  await db.schema.alterTable('customers').dropColumn('round').execute();
}
