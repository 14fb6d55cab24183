import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

interface FetchingOrdersState {
  isFetchingOrders: boolean;
  /** Number of screens currently loading orders; the overlay shows while it is above zero. */
  adjust: (delta: 1 | -1) => void;
}

const FetchingOrdersContext = createContext<FetchingOrdersState | null>(null);

export function FetchingOrdersProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const adjust = useCallback((delta: 1 | -1) => setCount((c) => Math.max(0, c + delta)), []);
  const value = useMemo<FetchingOrdersState>(() => ({ isFetchingOrders: count > 0, adjust }), [count, adjust]);
  return <FetchingOrdersContext.Provider value={value}>{children}</FetchingOrdersContext.Provider>;
}

/** True while some screen is loading orders: the layout shows the "Fetching Orders..." overlay. */
export function useIsFetchingOrders(): boolean {
  return useContext(FetchingOrdersContext)?.isFetchingOrders ?? false;
}

/**
 * A screen that loads orders calls this with its loading flag; the shared overlay shows while
 * any caller passes true (and stops when the caller unmounts).
 */
export function useReportFetchingOrders(isFetching: boolean): void {
  const adjust = useContext(FetchingOrdersContext)?.adjust;
  useEffect(() => {
    if (!isFetching || !adjust) return;
    adjust(1);
    return () => adjust(-1);
  }, [isFetching, adjust]);
}
