import { lazyExtra } from '../../components/ui/lazy-extra';
import { useEffect, useState } from 'react';
import { paths } from '../../lib/paths';
import { useLocation } from '../../lib/router/hooks';
import { NavLink } from '../../lib/router/links';
import { useWeekSelection } from '../../lib/week-selection';
import { NAV_ICONS, NavIcon } from './nav-icons';
import { useToggleMap } from './use-toggle-map';
import { useHeightVariable } from '../../lib/use-height-variable';

// What opens on a tap loads on that tap: none of it is in the board's first paint.
const ScanDialog = lazyExtra(() => import('../../features/scan/scan-dialog').then((m) => m.default));
const MoreSheet = lazyExtra(() => import('./more-sheet').then((m) => m.default));

const tabClass =
  'flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600 aria-[current=page]:text-emerald-800 aria-[current=page]:font-semibold';

/**
 * Phones and tablets: the four things the yard does most — Board, Scan, Runs — and More for
 * everything else, fixed at the bottom within thumb reach (docs/decisions/067).
 */
export function BottomBar() {
  const { search } = useWeekSelection();
  const [open, setOpen] = useState<'scan' | 'more' | null>(null);
  const toggleMap = useToggleMap();
  const { pathname } = useLocation();
  useEffect(() => setOpen((was) => (was === 'more' ? null : was)), [pathname]);
  const close = () => setOpen(null);
  // The page's foot and the board's Add button keep clear of the bar at its measured height.
  const ref = useHeightVariable<HTMLElement>('--bottom-bar-height');
  return (
    <>
      <nav
        ref={ref}
        aria-label="Quick"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden print:hidden"
      >
        <ul className="mx-auto flex max-w-xl">
          <li className="flex flex-1">
            <NavLink to={{ pathname: paths.board, search }} end className={tabClass}>
              <NavIcon d={NAV_ICONS.board} />
              Board
            </NavLink>
          </li>
          <li className="flex flex-1">
            <button type="button" className={tabClass} aria-haspopup="dialog" onClick={() => setOpen('scan')}>
              <NavIcon d={NAV_ICONS.scan} />
              Scan
            </button>
          </li>
          <li className="flex flex-1">
            <NavLink to={paths.runs} className={tabClass}>
              <NavIcon d={NAV_ICONS.runs} />
              Runs
            </NavLink>
          </li>
          <li className="flex flex-1">
            <button type="button" className={tabClass} aria-haspopup="dialog" onClick={() => setOpen('more')}>
              <NavIcon d={NAV_ICONS.more} className="h-5 w-5 shrink-0 [&_path]:[stroke-width:3]" />
              More
            </button>
          </li>
        </ul>
      </nav>
      {open && (open === 'scan' ? <ScanDialog onClose={close} /> : <MoreSheet onClose={close} onToggleMap={toggleMap} />)}
    </>
  );
}
