import { liveStatus } from '../live-status';

/**
 * Follows the browser's own word on the connection for the header's "Offline · as of 10:42"
 * (docs/decisions/046). A failed fetch says offline too (query-client.ts): Wi-Fi that is up
 * but reaches nothing looks online to the browser.
 */
export function watchConnection(): void {
  const update = () => liveStatus.setOffline(!navigator.onLine);
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
}
