// A change from a screen: sent now when it can be, else queued (docs/decisions/047). Nothing says
// "Saved" unless `sent` is true.
import type { OrderRecord } from '#domain/records';
import { isAppOutdatedError } from '../app-build';
import { refetchAllOrders } from '../orders/order-cache';
import { isNetworkFailure } from './network-failure';
import { startSending } from './outbox-start';
import { addToOutbox, outboxEntries, type NewOutboxEntry } from './outbox-store';

export type SaveOutcome = { sent: true; record: OrderRecord } | { sent: false };

/**
 * Sends `change`, or queues it when the device is offline, when earlier changes still wait (so
 * they keep their order), when the request failed on the way, or when the server serves a newer
 * build of the app. A refusal by the server (412, 400 …) is thrown as the SDK's error, as a direct
 * save would.
 */
export async function saveOrQueue(change: NewOutboxEntry): Promise<SaveOutcome> {
  if (!navigator.onLine || outboxEntries().some((entry) => entry.state === 'waiting')) return queue(change);
  // The sender (and the SDK) loads with the first change sent, not with the board (decision 074);
  // when it cannot load, the connection is gone: the change is kept, as any failed send.
  let sender: typeof import('./outbox-sender');
  try {
    sender = await import('./outbox-sender');
  } catch {
    return queue(change);
  }
  try {
    const record = await sender.sendEntry(change);
    void refetchAllOrders();
    return { sent: true, record };
  } catch (err) {
    if (isNetworkFailure(err)) return queue(change);
    // The server serves a newer build than this page: kept on the device, the change is sent by
    // the page reloaded into it ("New version of Trolleyboard — Reload"), never lost with the form.
    if (isAppOutdatedError(err)) return queue(change);
    throw err;
  }
}

function queue(change: NewOutboxEntry): SaveOutcome {
  addToOutbox(change);
  startSending();
  return { sent: false };
}

/** A new record's id, chosen here so that sending it twice makes one record (PocketBase's form). */
export function newRecordId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

/** How the list names an order: "Greenfields · SO-1". */
export function orderLabel(order: { title?: unknown; orderNumber?: unknown }): string {
  const title = typeof order.title === 'string' && order.title !== '' ? order.title : 'Order';
  return typeof order.orderNumber === 'string' && order.orderNumber !== '' ? `${title} · ${order.orderNumber}` : title;
}

/** A status change of one order, as the outbox keeps it. */
export function statusChange(order: OrderRecord, status: string, words: string): NewOutboxEntry {
  return {
    kind: 'update',
    collection: 'tasks',
    recordId: order.id,
    body: { status },
    ifMatch: order.updated,
    base: { ...order },
    what: `Status: ${words}`,
    order: orderLabel(order),
  };
}
