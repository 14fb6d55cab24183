import { useEffect, useState } from 'react';
import { lazyExtra } from '../../components/ui/lazy-extra';
import { watchConnection } from '../../lib/outbox/outbox-start';
import { describeNotSent, useOutbox } from '../../lib/outbox/outbox-store';

// The list and the conflict dialogue are needed only when opened or when a conflict comes back:
// they stay out of the board's first load (docs/decisions/074), but are fetched once the page is
// idle, so the list still opens when the connection is gone by the time it is wanted.
const loadPanel = () => import('./outbox-panel');
// If it still cannot be fetched, the header stays and the list opens once the connection is back.
const OutboxPanel = lazyExtra(() => loadPanel().then((m) => m.OutboxPanel));

/**
 * "2 changes not sent" while changes made on this device wait for the server (docs/decisions/047);
 * pressing it lists them. Nothing when all is sent. Also starts the sending at load and whenever
 * the connection comes back.
 */
export function OutboxIndicator() {
  const queue = useOutbox();
  const [isOpen, setOpen] = useState(false);
  useEffect(() => watchConnection(), []);
  useEffect(() => {
    const warm = () => void loadPanel().catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(warm, 1000);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(warm, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  useEffect(() => {
    if (queue.length === 0) setOpen(false);
  }, [queue.length]);
  if (queue.length === 0) return null;
  const needsYou = queue.some((entry) => entry.state !== 'waiting');
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium whitespace-nowrap text-amber-900 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-8"
      >
        <span aria-hidden="true" className={`size-2 rounded-full ${needsYou ? 'bg-red-600' : 'bg-amber-500'}`} />
        {describeNotSent(queue.length)}
      </button>
      {(isOpen || queue.some((entry) => entry.state === 'conflict')) && (
        <OutboxPanel isListOpen={isOpen} onCloseList={() => setOpen(false)} />
      )}
    </>
  );
}
