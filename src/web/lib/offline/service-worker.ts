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

/** How long Reload waits for a new version still downloading before it reloads anyway. */
const NEW_VERSION_WAIT_MS = 15_000;

/** The registration's new version once it has installed; null when there is none within NEW_VERSION_WAIT_MS. */
async function installedNewVersion(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  await registration.update().catch(() => undefined);
  if (registration.waiting) return registration.waiting;
  const installing = registration.installing;
  if (!installing) return null;
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve(null), NEW_VERSION_WAIT_MS);
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed' || installing.state === 'redundant') {
        window.clearTimeout(timer);
        resolve(registration.waiting);
      }
    });
  });
}

/**
 * Lets the waiting version take over and reloads this page into it once it has. The old
 * version's page never runs on against the new version's worker or API: the reload comes first.
 * When the server said it serves a newer build that the worker has not installed yet, the worker
 * fetches it first: the shell comes from the worker's cache, and a plain reload would start the
 * old one again.
 */
export async function reloadIntoNewVersion(): Promise<void> {
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration().catch(() => undefined) : undefined;
  const worker = waiting ?? (registration && newerOnServer ? await installedNewVersion(registration) : null);
  if (!worker) {
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
