import { ApiError } from '../errors';
import type { RecordService } from '../records/record-service';
import { AdminError } from './accounts';

/** How the operator reads a record in Deleted: an order by its customer, a run by its name. */
function describeRecord(collection: string, row: Record<string, unknown>): string {
  if (collection === 'tasks') return `order "${String(row.title)}" (week ${String(row.weekNumber)} of ${String(row.year)})`;
  return `run "${String(row.name ?? '') || 'Untitled Export'}"`;
}

/** One line per record in Deleted, newest first: id, what it is, when and by whom it was deleted. */
export async function describeDeleted(records: RecordService): Promise<string[]> {
  const entries = await records.systemListDeleted();
  return entries.map(
    (entry) => `${entry.id}  ${describeRecord(entry.collection, entry.row)}, deleted ${entry.deleted} by ${entry.deletedByName}`,
  );
}

/** Brings the order or run `id` back from Deleted as the operator; says what came back, or why not. */
export async function undelete(records: RecordService, id: string): Promise<string> {
  const entry = (await records.systemListDeleted()).find((e) => e.id === id.trim());
  if (!entry) throw new AdminError(`Nothing in Deleted has the id "${id}". See: npm run admin -- deleted`);
  try {
    await records.systemRestore(entry.collection, entry.id);
  } catch (error) {
    if (error instanceof ApiError) throw new AdminError(error.message);
    throw error;
  }
  return `Restored the ${describeRecord(entry.collection, entry.row)}.`;
}
