// The orders' realtime feed (docs/decisions/011): each create, update or delete of `tasks` goes into
// the cached lists it belongs to (./order-cache); a missed stretch refetches every order query.
import type { OrderRecord } from '#domain/records';
import { COLLECTIONS } from '#domain/records';
import type { LiveFeed, RecordEvent } from '../realtime';
import { applyChangeToCache, refetchAllOrders, refetchAllOrdersAfterInFlight } from './order-cache';

function onTaskEvent(event: RecordEvent<OrderRecord>): void {
  const record = event.record;
  if (!record?.id) return;
  if (event.action === 'create' || event.action === 'update') applyChangeToCache({ action: event.action, record });
  else if (event.action === 'delete') applyChangeToCache({ action: 'delete', record: { id: record.id } });
}

export const ordersFeed: LiveFeed = {
  collection: COLLECTIONS.tasks,
  onEvent: (event) => onTaskEvent(event as RecordEvent<OrderRecord>),
  // A list still on its way when the subscription is first in place is not cancelled (that would
  // delay the first orders on slow Wi-Fi) but asked for again once it has arrived.
  catchUp: (moment) => void (moment === 'subscribed' ? refetchAllOrdersAfterInFlight() : refetchAllOrders()),
};
