import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { OrderRecord } from '#domain/records';

/**
 * Map-edit mode: staff pick orders on the board, then "Create Run" opens the trolley mapper
 * with the chosen orders. The chosen list outlives page changes, so it lives above the router.
 */
export interface MapModeState {
  isMapMode: boolean;
  setMapMode: (on: boolean) => void;
  toggleMapMode: () => void;
  /** Chosen orders in the order they were picked. */
  chosenOrders: readonly OrderRecord[];
  isChosen: (orderId: string) => boolean;
  /** Adds the order, or removes it when already chosen; says which happened. */
  toggleChosen: (order: OrderRecord) => 'added' | 'removed';
  clearChosen: () => void;
  setChosenOrders: (orders: readonly OrderRecord[]) => void;
}

const MapModeContext = createContext<MapModeState | null>(null);

export function MapModeProvider({ children }: { children: ReactNode }) {
  const [isMapMode, setMapMode] = useState(false);
  const [chosenOrders, setChosenOrders] = useState<readonly OrderRecord[]>([]);

  const toggleMapMode = useCallback(() => setMapMode((on) => !on), []);
  const isChosen = useCallback((orderId: string) => chosenOrders.some((o) => o.id === orderId), [chosenOrders]);
  const toggleChosen = useCallback(
    (order: OrderRecord): 'added' | 'removed' => {
      const wasChosen = chosenOrders.some((o) => o.id === order.id);
      setChosenOrders((list) => (list.some((o) => o.id === order.id) ? list.filter((o) => o.id !== order.id) : [...list, order]));
      return wasChosen ? 'removed' : 'added';
    },
    [chosenOrders],
  );
  const clearChosen = useCallback(() => setChosenOrders([]), []);

  const value = useMemo<MapModeState>(
    () => ({ isMapMode, setMapMode, toggleMapMode, chosenOrders, isChosen, toggleChosen, clearChosen, setChosenOrders }),
    [isMapMode, toggleMapMode, chosenOrders, isChosen, toggleChosen, clearChosen],
  );
  return <MapModeContext.Provider value={value}>{children}</MapModeContext.Provider>;
}

export function useMapMode(): MapModeState {
  const state = useContext(MapModeContext);
  if (!state) throw new Error('useMapMode needs a MapModeProvider above it (app/providers.tsx).');
  return state;
}
