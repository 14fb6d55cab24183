import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * Map-edit (selection) mode: staff pick orders on the board, then "Create Run" opens the trolley
 * mapper with the chosen orders as stops. Only ids are kept, in the order they were picked: the
 * records themselves stay in the order cache, so a live update never leaves a stale copy here.
 * The choice outlives page changes, so it lives above the router.
 */
export interface MapModeState {
  isMapMode: boolean;
  setMapMode: (on: boolean) => void;
  toggleMapMode: () => void;
  /** Ids of the chosen orders, in the order they were picked. */
  chosenIds: readonly string[];
  isChosen: (orderId: string) => boolean;
  /** Adds the order, or removes it when already chosen; says which happened. */
  toggleChosen: (orderId: string) => 'added' | 'removed';
  clearChosen: () => void;
}

const MapModeContext = createContext<MapModeState | null>(null);

export function MapModeProvider({ children }: { children: ReactNode }) {
  const [isMapMode, setMapMode] = useState(false);
  const [chosenIds, setChosenIds] = useState<readonly string[]>([]);

  const toggleMapMode = useCallback(() => setMapMode((on) => !on), []);
  const isChosen = useCallback((orderId: string) => chosenIds.includes(orderId), [chosenIds]);
  const toggleChosen = useCallback(
    (orderId: string): 'added' | 'removed' => {
      const wasChosen = chosenIds.includes(orderId);
      setChosenIds((ids) => (ids.includes(orderId) ? ids.filter((id) => id !== orderId) : [...ids, orderId]));
      return wasChosen ? 'removed' : 'added';
    },
    [chosenIds],
  );
  const clearChosen = useCallback(() => setChosenIds([]), []);

  // Escape leaves the mode (menus, popovers and dialogs take their own Escape first).
  useEffect(() => {
    if (!isMapMode) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]')) return;
      setMapMode(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isMapMode]);

  const value = useMemo<MapModeState>(
    () => ({ isMapMode, setMapMode, toggleMapMode, chosenIds, isChosen, toggleChosen, clearChosen }),
    [isMapMode, toggleMapMode, chosenIds, isChosen, toggleChosen, clearChosen],
  );
  return <MapModeContext.Provider value={value}>{children}</MapModeContext.Provider>;
}

export function useMapMode(): MapModeState {
  const state = useContext(MapModeContext);
  if (!state) throw new Error('useMapMode needs a MapModeProvider above it (app/providers.tsx).');
  return state;
}
