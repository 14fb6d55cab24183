import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';

// The side bar's list loads beside the board, not before it: its width is held from the first
// paint so nothing moves when it arrives. Scan's camera code loads on the tap.
const NavPanel = lazy(() => import('./nav-panel').then((m) => ({ default: m.NavPanel })));
const ScanDialog = lazy(() => import('../../features/scan/scan-dialog'));

/** Desktops (lg and up): every screen the person may open, grouped by the work (docs/decisions/067). */
export function SideBar() {
  const [scanning, setScanning] = useState(false);
  // Toasts centre on the page beside the bar, not on the whole window (0 where the bar is hidden).
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--side-bar-width', `${element.offsetWidth}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--side-bar-width');
    };
  }, []);
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
