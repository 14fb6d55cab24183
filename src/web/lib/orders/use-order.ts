import { useQuery } from '@tanstack/react-query';
import { findCachedOrder } from './order-cache';
import { orderQuery } from './order-queries';

/**
 * One order for the edit page (docs/decisions/011): taken from any list already loaded (the board,
 * holding, search), and fetched by id only when none holds it or that copy is stale.
 * `error.status === 404` means the order does not exist (or was deleted).
 */
export function useOrder(id: string) {
  return useQuery({
    ...orderQuery(id),
    initialData: () => findCachedOrder(id)?.record,
    initialDataUpdatedAt: () => findCachedOrder(id)?.updatedAt,
  });
}
