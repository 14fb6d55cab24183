// Sends the outbox (./outbox-store), oldest first, one change at a time (docs/decisions/047).
// Loaded with import() when there is something to send: it carries the SDK and the order cache.
import type { OrderRecord } from '#domain/records';
import { isAppOutdatedError } from '../app-build';
import { describeError } from '../describe-error';
import { applyChangeToCache, refetchAllOrders } from '../orders/order-cache';
import { pb } from '../pb';
import { isNetworkFailure } from './network-failure';
import { outboxEntries, removeFromOutbox, updateOutboxEntry, type OutboxEntry } from './outbox-store';

const FIRST_RETRY_MS = 2000;
const LAST_RETRY_MS = 60_000;

let sending: Promise<void> | null = null;
let retryTimer: number | undefined;
let retryDelay = FIRST_RETRY_MS;

/** Sends one change; answers the record as the server now has it. Throws the SDK's error. */
export async function sendEntry(entry: Pick<OutboxEntry, 'kind' | 'collection' | 'recordId' | 'body' | 'ifMatch'>): Promise<OrderRecord> {
  const collection = pb.collection(entry.collection);
  // requestKey null: the SDK must not cancel a change because another one of the same kind started.
  const record =
    entry.kind === 'create'
      ? await collection.create<OrderRecord>({ ...entry.body, id: entry.recordId }, { requestKey: null })
      : await collection.update<OrderRecord>(entry.recordId, entry.body, {
          requestKey: null,
          headers: entry.ifMatch ? { 'If-Match': `"${entry.ifMatch}"` } : {},
        });
  applyChangeToCache({ action: entry.kind, record });
  return record;
}

/** The first change that may go now: waiting, and no earlier change of its record is held back. */
function nextToSend(queue: readonly OutboxEntry[]): OutboxEntry | undefined {
  const held = new Set<string>();
  for (const entry of queue) {
    if (entry.state !== 'waiting') held.add(entry.recordId);
    else if (!held.has(entry.recordId)) return entry;
  }
  return undefined;
}

/**
 * A change saved: later changes of the same record that started from the same version (made on
 * this device before the first one reached the server) carry on from the version it made.
 */
function carryOn(sent: OutboxEntry, record: OrderRecord): void {
  for (const later of outboxEntries()) {
    if (later.recordId !== sent.recordId || later.key === sent.key) continue;
    if (later.ifMatch === undefined || later.ifMatch === sent.ifMatch)
      updateOutboxEntry(later.key, { ifMatch: record.updated, base: { ...record } });
  }
}

async function sendAll(): Promise<void> {
  let sentAny = false;
  for (let entry = nextToSend(outboxEntries()); entry; entry = nextToSend(outboxEntries())) {
    try {
      const record = await sendEntry(entry);
      carryOn(entry, record);
      removeFromOutbox(entry.key);
      sentAny = true;
      retryDelay = FIRST_RETRY_MS;
    } catch (err) {
      if (isNetworkFailure(err)) {
        scheduleRetry();
        break;
      }
      // The server serves a newer build: this change and the rest wait, kept, for the page that
      // reloads into it ("New version of Trolleyboard — Reload") to send them.
      if (isAppOutdatedError(err)) break;
      if ((err as { status?: unknown }).status === 412) {
        // Someone else changed it meanwhile: never overwritten; the person decides (decision 025).
        const latest = await pb
          .collection(entry.collection)
          .getOne<OrderRecord>(entry.recordId, { requestKey: null })
          .catch(() => undefined);
        if (latest) applyChangeToCache({ action: 'update', record: latest });
        updateOutboxEntry(entry.key, { state: 'conflict', latest: latest ? { ...latest } : undefined });
      } else {
        updateOutboxEntry(entry.key, { state: 'failed', message: describeError(err) });
      }
    }
  }
  if (sentAny) void refetchAllOrders();
}

function scheduleRetry(): void {
  window.clearTimeout(retryTimer);
  retryTimer = window.setTimeout(() => void sendOutbox(), retryDelay);
  retryDelay = Math.min(retryDelay * 2, LAST_RETRY_MS);
}

/** Sends what waits, once at a time (a second call while sending waits for the same round). */
export function sendOutbox(): Promise<void> {
  if (!sending) {
    window.clearTimeout(retryTimer);
    sending = sendAll().finally(() => {
      sending = null;
    });
  }
  return sending;
}

/** Sending again now (back online, or the person pressed Send now): the backoff starts over. */
export function sendOutboxNow(): Promise<void> {
  retryDelay = FIRST_RETRY_MS;
  return sendOutbox();
}
