import type PocketBase from 'pocketbase';

let loading: Promise<PocketBase> | null = null;

/**
 * The one PocketBase client (./pb), loaded after the board's first paint: the SDK is ~10 KB
 * gzip and the board's first-paint budget is 110 KB. Code on the board's first-paint path
 * (board, layout, and the lib hooks they use) gets the client through this; lazily loaded
 * screens may import ./pb directly (it is the same instance).
 */
export function loadPb(): Promise<PocketBase> {
  if (!loading) {
    const pending = import('./pb').then(({ pb }) => pb);
    loading = pending;
    // A failed chunk load (flaky Wi-Fi) may be retried by the next caller.
    pending.catch(() => {
      if (loading === pending) loading = null;
    });
  }
  return loading;
}
