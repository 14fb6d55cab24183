// Changing the nursery's settings: an admin's save, or another admin's save arriving live. Apart
// from ./nursery.ts, which the board reads at its first paint (docs/decisions/074).
import { COLLECTIONS, type NurseryRecord, type WeekHeadings } from '#domain/records';
import { pickWeekHeadings } from '#domain/settings/week-headings';
import { loadPb } from '../lazy-pb';
import { queryClient } from '../query-client';
import { nurseryKeys } from '../query-keys';
import { writeCachedNurseryHeadings } from './settings-cache';

/** What an admin changes: the name, the headings, a new deletion password, when to remind customers. */
export interface NurseryChanges {
  name?: string;
  headings?: WeekHeadings;
  deletePassword?: string;
  remindAfterDays?: number;
}

/** Saves the nursery's settings (admins only; the server refuses anyone else) and shares the new copy. */
export async function saveNursery(id: string, changes: NurseryChanges): Promise<NurseryRecord> {
  const saved = await (await loadPb()).collection(COLLECTIONS.nurseries).update<NurseryRecord>(id, changes);
  writeCachedNurseryHeadings(id, pickWeekHeadings(saved.headings));
  queryClient.setQueryData(nurseryKeys.detail(id), saved);
  return saved;
}

/** A change that arrived live (another admin saved): every screen showing the nursery follows. */
export function applyNurseryChange(record: NurseryRecord): void {
  writeCachedNurseryHeadings(record.id, pickWeekHeadings(record.headings));
  queryClient.setQueryData<NurseryRecord>(nurseryKeys.detail(record.id), (current) => ({ ...current, ...record }));
}
