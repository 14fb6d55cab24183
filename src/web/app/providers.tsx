import type { ReactNode } from 'react';
import { FetchingOrdersProvider } from '../lib/fetching-orders';
import { MapModeProvider } from '../lib/map-mode';
import { WeekSelectionProvider } from '../lib/week-selection';

/** State shared by every screen; it sits above the router so it survives navigation. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <WeekSelectionProvider>
      <MapModeProvider>
        <FetchingOrdersProvider>{children}</FetchingOrdersProvider>
      </MapModeProvider>
    </WeekSelectionProvider>
  );
}
