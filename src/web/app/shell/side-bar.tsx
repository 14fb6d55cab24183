import { lazy, Suspense, useState } from 'react';
import { useHeightVariable } from '../../lib/use-height-variable';

// The side bar's list loads beside the board, not before it: its width is held from the first
// paint so nothing moves when it arrives. Scan's camera code loads on the tap.
const NavPanel = lazy(() => import('./nav-panel').then((m) => ({ default: m.NavPanel })));
const ScanDialog = lazy(() => import('../../features/scan/scan-dialog'));

/** Desktops (lg and up): every screen the person may open, grouped by the work (docs/decisions/067). */
export function SideBar() {
  const [scanning, setScanning] = useState(false);
  // Toasts centre on the page beside the bar, not on the whole window (0 where the bar is hidden).
  const ref = useHeightVariable<HTMLElement>('--side-bar-width', 'width');
  return (
    <nav
      ref={ref}
      aria-label="Main menu"
      className="sticky top-[var(--app-header-height,3.5rem)] hidden h-[calc(100dvh-var(--app-header-height,3.5rem))] w-56 shrink-0 overflow-y-auto overscroll-contain border-r border-slate-200 bg-white p-2 lg:block print:hidden"
    >
      <Suspense fallback={null}>
        <NavPanel onScan={() => setScanning(true)} />
        {scanning && <ScanDialog onClose={() => setScanning(false)} />}
      </Suspense>
    </nav>
  );
}
