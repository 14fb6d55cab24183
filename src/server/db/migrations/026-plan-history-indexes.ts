import type { Kysely } from 'kysely';
import { tasks } from '#domain/collections/tasks';
import { trolleyExports } from '#domain/collections/trolley-exports';
import { addIndex } from './declared-tables';

// The plan's check of whether a nursery's runs or orders changed (docs/decisions/076, "Learning
// without stalling"): the count and newest `updated` of one nursery's runs and orders, read on
// every plan, through an index instead of every row. Never edit a merged migration; add a new one.

export async function up(db: Kysely<unknown>): Promise<void> {
  await addIndex(db, trolleyExports, 'trolley_exports_updated');
  await addIndex(db, tasks, 'tasks_updated');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tasks_updated').execute();
  await db.schema.dropIndex('trolley_exports_updated').execute();
}
