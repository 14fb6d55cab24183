import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { readScannedCode } from '#domain/labels/order-address';
import { dayLabel } from '#domain/orders/format';
import type { OrderRecord } from '#domain/records';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/fields';
import { describeError } from '../../lib/describe-error';
import { QueryProvider } from '../../lib/query-provider';
import { useAppConfig } from '../../lib/use-app-config';
import { findOrdersByNumber } from './find-orders';
import { ScannedOrder } from './scanned-order';
import { useQrScanner, type CodeVerdict, type ScannerState } from './use-qr-scanner';

type View = { kind: 'camera' } | { kind: 'order'; orderId: string } | { kind: 'matches'; typed: string; orders: OrderRecord[] };

export const NOT_OURS = 'That code is not a Trolleyboard order.';

/**
 * Scan (docs/decisions/045): the rear camera reads a trolley label's QR code and opens its order
 * with the status buttons ready; typing the order number does the same without a camera. The
 * camera is on only while it is looking for a code, and off once the dialog closes.
 */
export default function ScanDialog({ onClose }: { onClose: () => void }) {
  // The header is outside every screen's query boundary; the order card reads the shared cache.
  return (
    <QueryProvider>
      <Scan onClose={onClose} />
    </QueryProvider>
  );
}

function Scan({ onClose }: { onClose: () => void }) {
  const [view, setView] = useState<View>({ kind: 'camera' });
  const [notice, setNotice] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const appUrl = useAppConfig().data?.appUrl;
  const origins = useMemo(() => [window.location.origin, ...(appUrl ? [appUrl] : [])], [appUrl]);

  const onCode = useCallback(
    (text: string): CodeVerdict => {
      const code = readScannedCode(text, origins);
      if (code.kind === 'other') {
        setNotice(NOT_OURS);
        return 'continue';
      }
      setNotice(null);
      setView({ kind: 'order', orderId: code.orderId });
      return 'stop';
    },
    [origins],
  );
  const scanner = useQrScanner(video, view.kind === 'camera', onCode);

  const scanAgain = () => {
    setNotice(null);
    setView({ kind: 'camera' });
  };

  return (
    <Dialog open onClose={onClose} title="Scan a label">
      {view.kind === 'camera' && <CameraView video={video} scanner={scanner} />}
      {view.kind === 'order' && <ScannedOrder orderId={view.orderId} />}
      {view.kind === 'matches' && (
        <Matches typed={view.typed} orders={view.orders} onOpen={(orderId) => setView({ kind: 'order', orderId })} />
      )}
      {notice && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {notice}
        </p>
      )}
      <TypedNumber
        onFound={(typed, orders) => {
          setNotice(null);
          setView(orders.length === 1 ? { kind: 'order', orderId: orders[0]!.id } : { kind: 'matches', typed, orders });
        }}
      />
      <div className="mt-4 flex justify-end gap-2">
        {view.kind !== 'camera' && <Button onClick={scanAgain}>Scan again</Button>}
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}

function CameraView({ video, scanner }: { video: React.RefObject<HTMLVideoElement | null>; scanner: ScannerState }) {
  if (scanner.kind === 'problem')
    return (
      <p role="alert" className="text-sm text-slate-800">
        {scanner.message}
      </p>
    );
  return (
    <div>
      <video
        ref={video}
        aria-label="Camera"
        muted
        playsInline
        className="aspect-[3/4] max-h-[50vh] w-full rounded-md bg-slate-900 object-cover dark:bg-black"
      />
      <p role="status" className="mt-2 text-sm text-slate-600" data-engine={scanner.kind === 'scanning' ? scanner.engine : undefined}>
        {scanner.kind === 'scanning' ? 'Point the camera at the QR code on a trolley label.' : 'Starting the camera...'}
      </p>
    </div>
  );
}

function Matches({ typed, orders, onOpen }: { typed: string; orders: OrderRecord[]; onOpen: (orderId: string) => void }) {
  if (orders.length === 0)
    return (
      <p role="alert" className="text-sm text-slate-800">
        No order number in this nursery contains “{typed}”.
      </p>
    );
  return (
    <div>
      <p className="text-sm text-slate-700">
        {orders.length} orders match “{typed}”: which one?
      </p>
      <ul className="mt-2 flex flex-col gap-1" aria-label="Matching orders">
        {orders.map((order) => (
          <li key={order.id}>
            <button
              type="button"
              onClick={() => onOpen(order.id)}
              className="flex min-h-11 w-full flex-col items-start rounded-md border border-slate-300 px-3 py-1.5 text-left hover:bg-slate-50"
            >
              <span className="font-medium">{order.title.trim() || 'An order without a name'}</span>
              <span className="text-sm text-slate-600">
                {order.orderNumber} · {dayLabel(order.day)}, week {order.weekNumber}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function TypedNumber({ onFound }: { onFound: (typed: string, orders: OrderRecord[]) => void }) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    if (text === '') return setError('Type an order number.');
    setBusy(true);
    setError(null);
    try {
      onFound(text, await findOrdersByNumber(text));
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-4 flex items-end gap-2 border-t border-slate-200 pt-3">
      <TextField
        className="min-w-0 flex-1"
        label="Or type the order number"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        inputMode="text"
        autoComplete="off"
        enterKeyHint="search"
        error={error}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Finding...' : 'Find'}
      </Button>
    </form>
  );
}
