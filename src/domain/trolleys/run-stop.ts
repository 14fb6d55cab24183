import type { OrderRecord } from '../collections/tasks';
import type { RunStop } from './run-fields';

/** A customer stop for the trolley mapper, made from an order (all strings, as runs store them). */
export function runStopOf(order: Pick<OrderRecord, 'id' | 'title' | 'postcode' | 'trollies' | 'extras' | 'orderNumber'>): RunStop {
  return {
    id: order.id,
    title: order.title ?? '',
    postcode: order.postcode ?? '',
    trollies: order.trollies ?? '',
    extras: order.extras ?? '',
    orderNumber: order.orderNumber ?? '',
  };
}

/**
 * The stops of a new run: the chosen orders in the order they were chosen. Ids no longer found
 * (an order deleted meanwhile) are left out.
 */
export function runStopsOf<T extends Parameters<typeof runStopOf>[0]>(
  chosenIds: readonly string[],
  find: (id: string) => T | null,
): RunStop[] {
  return chosenIds.flatMap((id) => {
    const order = find(id);
    return order ? [runStopOf(order)] : [];
  });
}
