// The board filter this device remembers (docs/product.md#weekly-board): a preference of the
// person holding the tablet, not server data, so it lives in localStorage, shared by the weekly
// and collect boards and by other tabs of the same browser.
import { useSyncExternalStore } from 'react';
import { NO_BOARD_FILTER, parseBoardFilter, type BoardFilter } from '#domain/orders/board-filter';

export const BOARD_FILTER_KEY = 'board_filter';

const listeners = new Set<() => void>();
let current: BoardFilter | null = null;

function read(): BoardFilter {
  try {
    const raw = localStorage.getItem(BOARD_FILTER_KEY);
    return raw ? parseBoardFilter(JSON.parse(raw)) : NO_BOARD_FILTER;
  } catch {
    return NO_BOARD_FILTER;
  }
}

function snapshot(): BoardFilter {
  current ??= read();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== BOARD_FILTER_KEY && e.key !== null) return;
    current = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setBoardFilter(filter: BoardFilter): void {
  current = filter;
  try {
    localStorage.setItem(BOARD_FILTER_KEY, JSON.stringify(filter));
  } catch {
    // Storage full or blocked: the filter still holds until the page is closed.
  }
  for (const listener of listeners) listener();
}

export function useBoardFilter(): BoardFilter {
  return useSyncExternalStore(subscribe, snapshot);
}
