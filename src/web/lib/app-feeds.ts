// The app's realtime feeds (docs/decisions/011), in a module of their own so that the realtime
// client and the SDK load after the board's first paint (docs/decisions/074): QueryProvider
// imports this with import().
import { ordersFeed } from './orders/orders-realtime';
import { startRealtime } from './realtime';
import { nurseryFeed } from './settings/nursery-realtime';
import { userSettingsFeed } from './settings/settings-realtime';

/** Starts the one connection with the orders, the person's settings and the nursery (idempotent). */
export function startAppFeeds(): void {
  startRealtime([ordersFeed, userSettingsFeed, nurseryFeed]);
}
