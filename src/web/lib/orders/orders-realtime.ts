// One app-wide realtime subscription to `tasks` (DECISIONS D6) feeding the order cache, and the
// live status the header shows. Events sent while the connection was down are lost, so every
// reconnect refetches all order queries. Until the server offers realtime, subscribing fails:
// the status stays "Not live" and the 120 s polling keeps the boards current; the subscription is
// tried again every minute.
import { COLLECTIONS, type OrderRecord } from '#domain/records';
import { liveStatus } from '../live-status';
import { pb } from '../pb';
import { sessionState } from '../session';
import { applyChangeToCache, refetchAllOrders } from './order-cache';

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
  // The first connect follows the first fetch; every later one may have missed events.
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
    liveStatus.setLive(pb.realtime.isConnected);
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
