// Updating the app's service worker (docs/decisions/046): watching for a new version and
// reloading into it. Loaded once the worker is registered, after the board's first paint, or when
// Reload is pressed (docs/decisions/074); ./service-worker.ts keeps the state the screens read.

/** A tab left open asks the server for a new version this often (and when it is shown again). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

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
export async function reloadInto(waiting: ServiceWorker | null, newerOnServer: boolean): Promise<void> {
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
export function watchForNewVersion(registration: ServiceWorkerRegistration, setWaiting: (worker: ServiceWorker) => void): void {
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
