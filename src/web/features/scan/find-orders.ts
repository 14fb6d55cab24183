import { literalContains } from '#domain/orders/order-lists';
import { COLLECTIONS, type OrderRecord } from '#domain/records';
import { pb } from '../../lib/pb';

/** At most this many matches are listed: a typed number is meant to find one order. */
export const MAX_MATCHES = 8;

/**
 * The orders whose number contains what was typed, newest first ("20401" finds "SO-20401"). The
 * server answers only the signed-in person's nursery.
 */
export async function findOrdersByNumber(typed: string): Promise<OrderRecord[]> {
  const text = typed.trim();
  if (text === '') return [];
  const page = await pb.collection(COLLECTIONS.tasks).getList<OrderRecord>(1, MAX_MATCHES, {
    filter: pb.filter('orderNumber ~ {:text}', { text: literalContains(text) }),
    sort: '-created',
    skipTotal: true,
  });
  return page.items;
}
