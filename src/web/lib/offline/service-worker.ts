import { useSyncExternalStore } from 'react';
import { isDevServer } from '../config';

// Registers the service worker (docs/decisions/046) and tells the app when a new version of it
// is waiting. Browsers give service workers only to secure pages: https://, or localhost. On a
// plain-HTTP yard address (http://192.168.1.20:8090) `navigator.serviceWorker` is missing and
// this does nothing: the app works as before, with its data still kept in IndexedDB.

/** Where the build writes the worker (vite-plugin-pwa's default); its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';
let waiting: ServiceWorker | null = null;
/** The server refused a change because it serves a newer build than this page runs. */
let newerOnServer = false;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null): void {
  if (worker === waiting) return;
  waiting = worker;
  for (const listener of listeners) listener();
}

/** True when a new version is installed and waits for this page to reload into it, or the server said it serves one. */
export function useNewVersionWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null || newerOnServer,
    () => false,
  );
}

/**
 * The server serves a newer build than this page (it refused a change, lib/app-build.ts): say so
 * at once, and have the worker fetch the new version now rather than at its next hourly check.
 */
export function noticeNewerBuildOnServer(): void {
  if (!newerOnServer) {
    newerOnServer = true;
    for (const listener of listeners) listener();
  }
  if ('serviceWorker' in navigator)
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.update())
      .catch(() => undefined);
}

/**
 * Lets the waiting version take over and reloads this page into it (./service-worker-update.ts,
 * loaded when Reload is pressed: docs/decisions/074).
 */
export async function reloadIntoNewVersion(): Promise<void> {
  const { reloadInto } = await import('./service-worker-update');
  await reloadInto(waiting, newerOnServer);
}

/** Runs `work` once the page has loaded and the browser is idle, so registering never delays the board. */
function afterLoadAndIdle(work: () => void): void {
  // Safari has no requestIdleCallback.
  const idle = () =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(work, { timeout: 5000 }) : setTimeout(work, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Registers the worker after first paint. Safe to call where service workers do not exist. */
export function registerServiceWorker(): void {
  if (isDevServer || !('serviceWorker' in navigator)) return;
  afterLoadAndIdle(() => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .then(async (registration) => (await import('./service-worker-update')).watchForNewVersion(registration, setWaiting))
      .catch((err: unknown) => console.warn('The app works without its service worker: it could not be registered.', err));
  });
}
