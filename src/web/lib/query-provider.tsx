import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { keepOnDevice } from './offline/keep-on-device';
import { ordersFeed } from './orders/orders-realtime';
import { queryClient } from './query-client';
import { startRealtime } from './realtime';
import { nurseryFeed } from './settings/nursery-realtime';
import { currentUser } from './session';
import { userSettingsFeed } from './settings/settings-realtime';

/**
 * Provides the app's one QueryClient. It is mounted at each lazily loaded boundary (every lazy
 * screen, and the board's orders) rather than once above the router, because TanStack Query
 * is not part of the board's first paint (docs/decisions/006, 011); every mount provides the
 * same client, so all screens share one cache. The first mount starts the realtime feeds, and
 * keeping answers on the device for a person who signed in without a page load since.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    startRealtime([ordersFeed, userSettingsFeed, nurseryFeed]);
    void keepOnDevice(queryClient, currentUser()?.id);
  }, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
