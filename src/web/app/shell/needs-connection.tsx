import { useSyncExternalStore } from 'react';
import type { Query } from '@tanstack/react-query';
import { useLiveStatus } from '../../lib/live-status';
import { queryClient } from '../../lib/query-client';

/**
 * Whether a query on screen has nothing to show and cannot ask: TanStack Query pauses it while the
 * browser is offline, and it fails without an answer when the server cannot be reached.
 */
function isWaitingForConnection(query: Query, isOffline: boolean): boolean {
  if (query.getObserversCount() === 0 || query.state.data !== undefined || query.meta?.['worksOffline'] === true) return false;
  if (query.state.fetchStatus === 'paused') return true;
  return isOffline && query.state.status === 'error';
}

const subscribe = (listener: () => void) => queryClient.getQueryCache().subscribe(listener);

/**
 * Says plainly that a page needs a connection when it was never opened on this device while
 * online, so nothing of it is kept here (docs/decisions/046); pages kept on the device show
 * their copy instead, and the header says "Offline · as of 10:42".
 */
export function NeedsConnection() {
  const { isOffline } = useLiveStatus();
  const waiting = useSyncExternalStore(
    subscribe,
    () =>
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => isWaitingForConnection(query, isOffline)),
    () => false,
  );
  if (!waiting) return null;
  return (
    <div role="status" className="mx-3 mt-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-slate-900">
      <p className="font-medium">This page needs a connection.</p>
      <p className="mt-1 text-sm text-slate-700">
        It has not been opened on this device before, so nothing of it is kept here. It shows once the connection is back.
      </p>
    </div>
  );
}
