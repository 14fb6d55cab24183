import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { keepOnDevice } from './offline/keep-on-device';
import { queryClient } from './query-client';
import { currentUser } from './session';

/**
 * Provides the app's one QueryClient. It is mounted at each lazily loaded boundary (every lazy
 * screen, and the board's orders) rather than once above the router, because TanStack Query
 * is not part of the board's first paint (docs/decisions/006, 011); every mount provides the
 * same client, so all screens share one cache. The first mount starts the realtime feeds (loaded
 * after the first paint, docs/decisions/074), and
 * keeping answers on the device for a person who signed in without a page load since.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    // The realtime client (and the SDK under it) is not needed to show the orders (decision 074).
    void import('./app-feeds').then(
      ({ startAppFeeds }) => startAppFeeds(),
      // A chunk that failed to load (flaky Wi-Fi): the next screen's provider tries again.
      (err: unknown) => console.warn('Realtime updates could not start; the boards refresh every 2 minutes instead.', err),
    );
    void keepOnDevice(queryClient, currentUser()?.id);
  }, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
