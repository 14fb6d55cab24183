import { useSyncExternalStore } from 'react';

// The changes made on this device that the server has not confirmed yet (docs/decisions/047),
// kept in localStorage so a reload keeps them and the header can count them in its first render.
// Tiny and dependency-free: the header shows it before the data layer has loaded; the sending is
// in ./outbox-sender, loaded when there is something to send.

export const OUTBOX_STORAGE_KEY = 'trolleyboard_outbox';

/** One change waiting to be sent, oldest first in the queue. */
export interface OutboxEntry {
  /** This entry's own key on the device. */
  key: string;
  kind: 'create' | 'update';
  collection: 'tasks';
  /** The record changed, or a create's chosen id (so a resend never makes a second one). */
  recordId: string;
  /** What is sent: the changed fields, or the new record's fields. */
  body: Record<string, unknown>;
  /** An update's version it started from (`If-Match`, docs/decisions/025). */
  ifMatch?: string;
  /** The record's values the change started from: what a conflict compares the latest with. */
  base?: Record<string, unknown>;
  /** What the list says: the change ("Status: Pulled") and the order ("Greenfields · SO-1"). */
  what: string;
  order: string;
  /** When the person made the change (ms since the epoch). */
  at: number;
  /** waiting: to be sent; conflict: someone changed the record meanwhile; failed: the server refused it. */
  state: 'waiting' | 'conflict' | 'failed';
  /** The server's sentence for a failed one. */
  message?: string;
  /** A conflict's latest copy of the record, from the server. */
  latest?: Record<string, unknown>;
}

export type NewOutboxEntry = Omit<OutboxEntry, 'key' | 'at' | 'state'>;

const EMPTY: readonly OutboxEntry[] = [];
let entries: readonly OutboxEntry[] | null = null;
const listeners = new Set<() => void>();

function read(): readonly OutboxEntry[] {
  try {
    const text = localStorage.getItem(OUTBOX_STORAGE_KEY);
    const parsed: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(parsed) ? (parsed as OutboxEntry[]) : EMPTY;
  } catch {
    return EMPTY;
  }
}

function write(next: readonly OutboxEntry[]): void {
  entries = next;
  try {
    if (next.length === 0) localStorage.removeItem(OUTBOX_STORAGE_KEY);
    else localStorage.setItem(OUTBOX_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or unavailable: the queue still holds in memory until the page closes.
  }
  for (const listener of listeners) listener();
}

/** The queue, oldest first. */
export function outboxEntries(): readonly OutboxEntry[] {
  entries ??= read();
  return entries;
}

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab of this browser queued or sent something: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== OUTBOX_STORAGE_KEY && event.key !== null) return;
    entries = read();
    for (const listener of listeners) listener();
  });
}

export function useOutbox(): readonly OutboxEntry[] {
  return useSyncExternalStore(subscribeOutbox, outboxEntries, outboxEntries);
}

let counter = 0;

/** Puts a change at the end of the queue. */
export function addToOutbox(change: NewOutboxEntry, now: number = Date.now()): OutboxEntry {
  counter += 1;
  const entry: OutboxEntry = {
    ...change,
    key: `${now.toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`,
    at: now,
    state: 'waiting',
  };
  write([...outboxEntries(), entry]);
  return entry;
}

export function updateOutboxEntry(key: string, patch: Partial<OutboxEntry>): void {
  write(outboxEntries().map((entry) => (entry.key === key ? { ...entry, ...patch } : entry)));
}

export function removeFromOutbox(key: string): void {
  write(outboxEntries().filter((entry) => entry.key !== key));
}

/** "1 change not sent", "2 changes not sent". */
export function describeNotSent(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} not sent`;
}

/** The status an order's newest queued change gives it, if one is waiting. */
export function queuedStatusOf(queue: readonly OutboxEntry[], recordId: string): string | undefined {
  let status: string | undefined;
  for (const entry of queue) {
    if (entry.recordId === recordId && entry.state === 'waiting' && typeof entry.body.status === 'string') status = entry.body.status;
  }
  return status;
}
