import { ClientResponseError } from 'pocketbase';
import { COLLECTIONS, type TrolleyExportRecord } from '#domain/records';
import type { RunPlan } from '#domain/trolleys/run-plan';
import { runName } from '#domain/trolleys/run-name';
import { pb } from '../../lib/pb';
import type { SavedRun } from './run-saver';

/** The version of a run this screen loaded or last saved, so a save never silently overwrites
 * someone else's newer save of the same run (docs/decisions/025). */
export interface RunVersion {
  id: string;
  updated: string;
}

/**
 * Where a save goes: the run this plan is (by id, If-Match on the version it started from), or a
 * new run, which first asks when a run of the same name exists; `new-anyway` creates one even then.
 */
export type SaveTarget = { kind: 'run'; version: RunVersion } | { kind: 'new' } | { kind: 'new-anyway' };

export type SaveOutcome =
  | { kind: 'saved'; record: TrolleyExportRecord }
  /** A new plan's name is taken: the run that has it, to ask before replacing it. */
  | { kind: 'name-taken'; existing: SavedRun }
  /** Someone saved the run since this screen's version (412): the latest copy. */
  | { kind: 'changed'; latest: SavedRun }
  /** The run was deleted meanwhile. */
  | { kind: 'deleted' }
  | { kind: 'failed'; message: string };

/** Asks for the run's last saver with it, to name them in the questions (run-saver.ts). */
const WITH_SAVER = { expand: 'updated_by,user' } as const;

/**
 * Saves a run (docs/product.md#trolley-mapper). A run opened or saved here is updated by its id
 * with If-Match, whatever its name now is. A new plan looks its name (`{dd-mm-yyyy}-{driver}-{reg}`,
 * bound as a filter parameter) up first and does not replace a run found: it reports it, and the
 * screen asks. The server sets `user` to the saver. Call only with driver, reg and date filled in.
 */
export async function saveRun(plan: RunPlan, target: SaveTarget): Promise<SaveOutcome> {
  const name = runName(plan.vehicleInfo);
  const body = { name, data: plan.stops, vehicleInfo: plan.vehicleInfo };
  const runs = pb.collection(COLLECTIONS.trolleyExports);
  try {
    if (target.kind === 'run') {
      const { id, updated } = target.version;
      return { kind: 'saved', record: await runs.update<TrolleyExportRecord>(id, body, { headers: { 'If-Match': `"${updated}"` } }) };
    }
    if (target.kind === 'new') {
      const existing = await findByName(name);
      if (existing) return { kind: 'name-taken', existing };
    }
    return { kind: 'saved', record: await runs.create<TrolleyExportRecord>(body) };
  } catch (err) {
    if (target.kind === 'run' && err instanceof ClientResponseError && (err.status === 412 || err.status === 404)) {
      return latestAfterConflict(target.version.id);
    }
    return { kind: 'failed', message: saveFailedMessage(name, err) };
  }
}

async function findByName(name: string): Promise<SavedRun | null> {
  try {
    const filter = pb.filter('name = {:name}', { name });
    return await pb.collection(COLLECTIONS.trolleyExports).getFirstListItem<SavedRun>(filter, { sort: '-updated', ...WITH_SAVER });
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 404) return null;
    throw err;
  }
}

/** After a refused save: the run as it is now, or that it is gone. */
async function latestAfterConflict(id: string): Promise<SaveOutcome> {
  try {
    return { kind: 'changed', latest: await pb.collection(COLLECTIONS.trolleyExports).getOne<SavedRun>(id, WITH_SAVER) };
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 404) return { kind: 'deleted' };
    return {
      kind: 'failed',
      message: "Someone else changed this run meanwhile, so yours wasn't saved. Your changes are still here. Try again.",
    };
  }
}

function saveFailedMessage(name: string, err: unknown): string {
  const reason = err instanceof ClientResponseError && err.status === 0 ? ' Could not reach the server.' : '';
  return `Run ${name} wasn't saved.${reason} Your changes are still here. Try again.`;
}
