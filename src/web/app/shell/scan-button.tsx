import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ScanIcon } from './header-icons';

// The camera, the decoder and the order card load when Scan is pressed: none of it is in the
// board's first paint (docs/decisions/045).
const ScanDialog = lazy(() => import('../../features/scan/scan-dialog'));

/** Scan, on phones: reads a trolley label's QR code and opens its order (docs/decisions/045). */
export function ScanButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" className="md:hidden" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <ScanIcon />
        Scan
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ScanDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
