// One app-wide realtime subscription to `tasks` (docs/decisions/011) feeding the order cache, and the
// live status the header shows. Events sent while the connection was down are lost, so every
// reconnect refetches all order queries; so does the moment the subscription is first in place,
// as a change made after a list was read but before then never arrives either. Until the server
// offers realtime, subscribing fails: the status stays "Not live" and the 120 s polling keeps the
// boards current; the subscription is tried again every minute.
import { COLLECTIONS, type NurseryRecord, type OrderRecord } from '#domain/records';
import { liveStatus } from '../live-status';
import { pb } from '../pb';
import { currentUser, sessionState } from '../session';
import { applyNurseryChange } from '../settings/nursery';
import { applyChangeToCache, refetchAllOrders, refetchAllOrdersAfterInFlight } from './order-cache';

export const REALTIME_RETRY_MS = 60_000;

interface RecordEvent {
  action?: string;
  record?: OrderRecord;
}

let started = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let hasConnectedBefore = false;

function onTaskEvent(event: RecordEvent): void {
  const record = event.record;
  if (!record?.id) return;
  if (event.action === 'create' || event.action === 'update') applyChangeToCache({ action: event.action, record });
  else if (event.action === 'delete') applyChangeToCache({ action: 'delete', record: { id: record.id } });
}

function onConnect(): void {
  liveStatus.setLive(true);
  // A reconnect may have missed events. The first connect comes before the `tasks` topic is
  // subscribed, so its catch-up is in subscribe().
  if (hasConnectedBefore) void refetchAllOrders();
  hasConnectedBefore = true;
}

async function subscribe(): Promise<void> {
  clearTimeout(retryTimer);
  if (sessionState() !== 'ready') {
    started = false;
    return;
  }
  try {
    pb.realtime.onDisconnect = () => liveStatus.setLive(false);
    await pb.realtime.subscribe('PB_CONNECT', onConnect);
    await pb.collection(COLLECTIONS.tasks).subscribe<OrderRecord>('*', onTaskEvent);
    // The nursery's settings reach open boards live too: an admin's new headings show at once.
    const nursery = currentUser()?.nursery;
    if (nursery)
      await pb.collection(COLLECTIONS.nurseries).subscribe<NurseryRecord>(nursery, (event) => {
        if (event.action === 'update' && event.record?.id === nursery) applyNurseryChange(event.record);
      });
    liveStatus.setLive(pb.realtime.isConnected);
    // The lists were read side by side with subscribing (at page load), or a minute or more
    // before it (after a failed attempt): a change saved in between was sent to no one.
    void refetchAllOrdersAfterInFlight();
  } catch (err) {
    liveStatus.setLive(false);
    console.warn('Realtime updates are not available; the boards refresh every 2 minutes instead.', err);
    // Forget the half-made subscriptions so the next attempt does not register them twice.
    await pb.realtime.unsubscribe().catch(() => undefined);
    retryTimer = setTimeout(() => void subscribe(), REALTIME_RETRY_MS);
  }
}

/** Starts the one subscription (idempotent; a no-op until the user is signed in and ready). */
export function startOrdersRealtime(): void {
  if (started) return;
  started = true;
  void subscribe();
}
