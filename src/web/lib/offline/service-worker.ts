import { useSyncExternalStore } from 'react';
import { isDevServer } from '../config';

// Registers the service worker (docs/decisions/046) and tells the app when a new version of it
// is waiting. Browsers give service workers only to secure pages: https://, or localhost. On a
// plain-HTTP yard address (http://192.168.1.20:8090) `navigator.serviceWorker` is missing and
// this does nothing: the app works as before, with its data still kept in IndexedDB.

/** Where the build writes the worker (vite-plugin-pwa's default); its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';
/** A tab left open asks the server for a new version this often (and when it is shown again). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null): void {
  if (worker === waiting) return;
  waiting = worker;
  for (const listener of listeners) listener();
}

/** True when a new version is installed and waits for this page to reload into it. */
export function useNewVersionWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
}

/**
 * Lets the waiting version take over and reloads this page into it once it has. The old
 * version's page never runs on against the new version's worker or API: the reload comes first.
 */
export function reloadIntoNewVersion(): void {
  const worker = waiting;
  if (!worker || !('serviceWorker' in navigator)) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** Watches a registration for a version that finished installing while an older one controls this page. */
function watchForNewVersion(registration: ServiceWorkerRegistration): void {
  const offer = (worker: ServiceWorker | null) => {
    // The first install has no older version to replace: nothing to offer.
    if (worker && navigator.serviceWorker.controller) setWaiting(worker);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  const check = () => void registration.update().catch(() => undefined);
  window.setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
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
      .then(watchForNewVersion)
      .catch((err: unknown) => console.warn('The app works without its service worker: it could not be registered.', err));
  });
}
