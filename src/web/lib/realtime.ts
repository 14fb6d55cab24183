// The app's one realtime connection (docs/decisions/011), carrying a feed per collection that
// screens keep live: orders (./orders/orders-realtime) and the person's own settings
// (./settings/settings-realtime) and the nursery's (./settings/nursery-realtime). Events sent
// while the connection was down are lost, so every reconnect asks each feed to catch up; so does
// the moment the subscriptions are first in place, as a change saved after a screen's data was
// read but before then never arrives either. When subscribing fails (a server without realtime),
// the status stays "Not live", polling carries on, and it is tried again every minute.
import { liveStatus } from './live-status';
import { pb } from './pb';
import { sessionState } from './session';

export const REALTIME_RETRY_MS = 60_000;

/** A record event as the SDK delivers it. */
export interface RecordEvent<T> {
  action?: string;
  record?: T;
}

export interface LiveFeed {
  /** The collection whose record events this feed takes (all of them the server lets through). */
  collection: string;
  onEvent: (event: RecordEvent<unknown>) => void;
  /**
   * Fetches again what events may have been missed: `subscribed` when the subscriptions are
   * first in place (data read just before may be older), `reconnected` after a dropped connection.
   */
  catchUp: (moment: 'subscribed' | 'reconnected') => void;
}

let started = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let hasConnectedBefore = false;
let feeds: readonly LiveFeed[] = [];
/** How to stop each subscribed feed: a screen's own feed stops when the screen closes. */
const unsubscribers = new Map<LiveFeed, () => Promise<void>>();

function onConnect(): void {
  liveStatus.setLive(true);
  // A reconnect may have missed events. The first connect comes before the feeds are subscribed,
  // so their catch-up is in subscribe().
  if (hasConnectedBefore) for (const feed of feeds) feed.catchUp('reconnected');
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
    for (const feed of feeds)
      if (!unsubscribers.has(feed)) unsubscribers.set(feed, await pb.collection(feed.collection).subscribe('*', feed.onEvent));
    liveStatus.setLive(pb.realtime.isConnected);
    // The screens' data was read side by side with subscribing (at page load), or a minute or
    // more before it (after a failed attempt): a change saved in between was sent to no one.
    for (const feed of feeds) feed.catchUp('subscribed');
  } catch (err) {
    liveStatus.setLive(false);
    console.warn('Realtime updates are not available; the boards refresh every 2 minutes instead.', err);
    // Forget the half-made subscriptions so the next attempt does not register them twice.
    unsubscribers.clear();
    await pb.realtime.unsubscribe().catch(() => undefined);
    retryTimer = setTimeout(() => void subscribe(), REALTIME_RETRY_MS);
  }
}

/** Starts the one connection with these feeds (idempotent; a no-op until the user is signed in and ready). */
export function startRealtime(withFeeds: readonly LiveFeed[]): void {
  if (started) return;
  started = true;
  // A screen's own feed added before the app's (a child's effect runs first) is kept.
  feeds = [...withFeeds, ...feeds.filter((feed) => !withFeeds.includes(feed))];
  void subscribe();
}

/**
 * A screen's own feed (the Runs screen's drops and steps), for as long as the screen is open, on
 * the same connection: caught up when subscribed and after every reconnect like the app's feeds.
 * Returns how to stop it.
 */
export function addLiveFeed(feed: LiveFeed): () => void {
  feeds = [...feeds, feed];
  if (started)
    pb.collection(feed.collection)
      .subscribe('*', feed.onEvent)
      .then(
        (stop) => {
          if (!feeds.includes(feed)) return void stop().catch(() => undefined);
          unsubscribers.set(feed, stop);
          feed.catchUp('subscribed');
        },
        () => undefined,
      );
  return () => {
    feeds = feeds.filter((other) => other !== feed);
    const stop = unsubscribers.get(feed);
    unsubscribers.delete(feed);
    void stop?.().catch(() => undefined);
  };
}
