import type { Kysely } from 'kysely';
import { rounds } from '#domain/collections/rounds';
import { vehicles } from '#domain/collections/vehicles';
import { createCollectionTable } from './declared-tables';

// The nursery's fleet and delivery rounds (issue 33, docs/decisions/076): one table each, made
// from their declarations on both databases. Never edit a merged migration; add a new one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await createCollectionTable(db, vehicles);
  await createCollectionTable(db, rounds);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rounds').execute();
  await db.schema.dropTable('vehicles').execute();
}
