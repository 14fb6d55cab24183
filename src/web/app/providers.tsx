import type { ReactNode } from 'react';
import { FetchingOrdersProvider } from '../lib/fetching-orders';
import { MapModeProvider } from '../lib/map-mode';

/** State shared by every screen; it sits above the router so it survives navigation. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MapModeProvider>
      <FetchingOrdersProvider>{children}</FetchingOrdersProvider>
    </MapModeProvider>
  );
}
