import { ClientResponseError } from 'pocketbase';
import { COLLECTIONS, type TrolleyExportRecord } from '#domain/records';
import type { RunPlan } from '#domain/trolleys/run-plan';
import { runName } from '#domain/trolleys/run-name';
import { RUN_NEEDS_DRIVER_REG_DATE } from '#domain/trolleys/run-fields';
import { pb } from '../../lib/pb';

export type SaveRunResult = { ok: true; record: TrolleyExportRecord } | { ok: false; message: string };

/** The version of a run this screen loaded or last saved, so a save never silently overwrites
 * someone else's newer save of the same run (docs/decisions/025). */
export interface RunVersion {
  id: string;
  updated: string;
}

export function needsDriverRegDate(plan: RunPlan): boolean {
  const { driver, reg, date } = plan.vehicleInfo;
  return driver.trim() === '' || reg.trim() === '' || date.trim() === '';
}

/**
 * Saves a run as docs/product.md#trolley-mapper says: look the run up by its name
 * (`{dd-mm-yyyy}-{driver}-{reg}`, bound as a filter parameter), update it when found, create it
 * on 404. The server sets `user` to the saver. Returns a sentence for the person on failure.
 */
export async function saveRun(plan: RunPlan, known: RunVersion | null): Promise<SaveRunResult> {
  if (needsDriverRegDate(plan)) return { ok: false, message: RUN_NEEDS_DRIVER_REG_DATE };
  const name = runName(plan.vehicleInfo);
  const body = { name, data: plan.stops, vehicleInfo: plan.vehicleInfo };
  const runs = pb.collection(COLLECTIONS.trolleyExports);
  try {
    let existing: TrolleyExportRecord | null = null;
    try {
      existing = await runs.getFirstListItem<TrolleyExportRecord>(pb.filter('name = {:name}', { name }));
    } catch (err) {
      if (!(err instanceof ClientResponseError && err.status === 404)) throw err;
    }
    if (!existing) return { ok: true, record: await runs.create<TrolleyExportRecord>(body) };
    // Guard against a newer save only when this screen knows which version of this run it edits.
    const headers = known?.id === existing.id ? { 'If-Match': `"${known.updated}"` } : undefined;
    return { ok: true, record: await runs.update<TrolleyExportRecord>(existing.id, body, { headers }) };
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 412) {
      return {
        ok: false,
        message: `Run ${name} was saved by someone else meanwhile, so yours wasn't saved. Your changes are still here: reopen the run from Runs to see theirs.`,
      };
    }
    return { ok: false, message: saveFailedMessage(name, err) };
  }
}

function saveFailedMessage(name: string, err: unknown): string {
  const reason = err instanceof ClientResponseError && err.status === 0 ? ' Could not reach the server.' : '';
  return `Run ${name} wasn't saved.${reason} Your changes are still here. Try again.`;
}
