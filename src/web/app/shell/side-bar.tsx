import { lazyExtra } from '../../components/ui/lazy-extra';
import { useState } from 'react';
import { useHeightVariable } from '../../lib/use-height-variable';

// The side bar's list loads beside the board, not before it: its width is held from the first
// paint so nothing moves when it arrives. Scan's camera code loads on the tap.
const NavPanel = lazyExtra(() => import('./nav-panel').then((m) => m.NavPanel));
const ScanDialog = lazyExtra(() => import('../../features/scan/scan-dialog').then((m) => m.default));

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
      <NavPanel onScan={() => setScanning(true)} />
      {scanning && <ScanDialog onClose={() => setScanning(false)} />}
    </nav>
  );
}
