// Bringing an order or a run back from Deleted, and purging one for good (docs/decisions/034).
// The server checks who may (canRestore, canPurge); each change updates the caches that show it.
import type { OrderRecord } from '#domain/records';
import { applyChangeToCache, refetchAllOrders } from '../orders/order-cache';
import { pb } from '../pb';
import { queryClient } from '../query-client';
import { runKeys, trailKeys } from '../query-keys';

/** The collections whose records can be deleted and restored. */
export type TrailCollection =
  'tasks' | 'trolley_exports' | 'trolley_movements' | 'standing_orders' | 'plant_labels' | 'vehicles' | 'rounds';

/**
 * Brings a record back as it was; the order lists show it again at once. Throws the SDK's error:
 * 409 with a sentence when it cannot come back as it is (a run's name taken meanwhile).
 */
export async function restoreRecord(collection: TrailCollection, id: string): Promise<void> {
  const record = await pb.send<Record<string, unknown>>(`/api/deleted/${collection}/${encodeURIComponent(id)}/restore`, { method: 'POST' });
  if (collection === 'tasks') {
    applyChangeToCache({ action: 'create', record: record as unknown as OrderRecord });
    void refetchAllOrders();
  } else if (collection === 'trolley_movements') void queryClient.invalidateQueries({ queryKey: ['ledger'] });
  else if (collection === 'standing_orders' || collection === 'plant_labels' || collection === 'vehicles' || collection === 'rounds')
    void queryClient.invalidateQueries({ queryKey: [collection] });
  else void queryClient.invalidateQueries({ queryKey: runKeys.all });
  void queryClient.invalidateQueries({ queryKey: trailKeys.deleted() });
}

/** Purges a deleted record for good, its history too. */
export async function purgeRecord(collection: TrailCollection, id: string): Promise<void> {
  await pb.send(`/api/deleted/${collection}/${encodeURIComponent(id)}`, { method: 'DELETE' });
  void queryClient.invalidateQueries({ queryKey: trailKeys.deleted() });
}
