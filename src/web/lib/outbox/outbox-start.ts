import { outboxEntries } from './outbox-store';

// Starts the sending (./outbox-sender, loaded on first use) when something waits: at page load,
// when the connection comes back, and after a change was queued. Tiny, for the header.

export function startSending(): void {
  if (outboxEntries().every((entry) => entry.state !== 'waiting')) return;
  void import('./outbox-sender').then((sender) => sender.sendOutboxNow()).catch(() => undefined);
}

let watching = false;

/** Once per page: sends at load and on every `online` event. */
export function watchConnection(): void {
  if (watching) return;
  watching = true;
  window.addEventListener('online', startSending);
  startSending();
}
