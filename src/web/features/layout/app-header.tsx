import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { useMapMode } from '../../lib/map-mode';
import { useCurrentUser } from '../../lib/use-current-user';
import { NavMenu } from './nav-menu';
import { TrolleyLogo } from './trolley-logo';
import { CurrentWeek, WeekSelect, YearSelect } from './week-picker';

// No display utility here: callers add `inline-flex`, or `hidden md:inline-flex` (two display
// utilities on one element would fight over which wins).
const buttonClass =
  'items-center justify-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';
const primaryClass = `${buttonClass} bg-emerald-700 text-white hover:bg-emerald-800`;
const secondaryClass = `${buttonClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`;
const iconButtonClass =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white p-1.5 text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';

/** Screens where picking orders for a run makes sense; Map elsewhere opens the board first. */
const SELECTABLE_PATHS: readonly string[] = [paths.board, paths.collect];

export function AppHeader() {
  const user = useCurrentUser();
  const { isMapMode, setMapMode, chosenOrders, clearChosen } = useMapMode();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const navigate = useNavigate();

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useEffect(closeMenu, [location.pathname, closeMenu]);

  const toggleMap = useCallback(() => {
    const turningOn = !isMapMode;
    setMapMode(turningOn);
    if (turningOn && !SELECTABLE_PATHS.includes(location.pathname)) navigate(paths.board);
  }, [isMapMode, setMapMode, location.pathname, navigate]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur print:hidden">
      <div className="relative mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
        <Link
          to={paths.board}
          className="flex items-center gap-2 rounded-md text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-600"
        >
          <TrolleyLogo />
          <span className="text-lg font-bold tracking-tight">Trolleyboard</span>
        </Link>

        <div className="order-last flex w-full flex-wrap items-center gap-x-4 gap-y-2 lg:order-none lg:w-auto">
          <YearSelect />
          <CurrentWeek />
          {isMapMode ? (
            <div className="flex items-center gap-2" role="group" aria-label="Map mode">
              <span className="text-sm text-slate-600">{chosenOrders.length} chosen</span>
              <Link to={paths.trolleyMapper} className={`${primaryClass} inline-flex`} onClick={() => setMapMode(false)}>
                Create Run
              </Link>
              <button type="button" className={`${secondaryClass} inline-flex`} onClick={clearChosen}>
                Clear
              </button>
              <button
                type="button"
                className={`${secondaryClass} inline-flex`}
                aria-label="Close map mode"
                onClick={() => setMapMode(false)}
              >
                <span aria-hidden="true">X</span>
              </button>
            </div>
          ) : (
            <WeekSelect />
          )}
        </div>

        {user && (
          <div className="ml-auto flex items-center gap-2">
            <button
              type="button"
              className={`${secondaryClass} hidden aria-pressed:border-emerald-600 aria-pressed:bg-emerald-50 md:inline-flex`}
              aria-pressed={isMapMode}
              onClick={toggleMap}
            >
              Map
            </button>
            <Link to={paths.createOrder} className={`${primaryClass} hidden md:inline-flex`}>
              Add Order
            </Link>
            <button
              type="button"
              data-menu-toggle
              className={iconButtonClass}
              aria-label="Menu"
              aria-expanded={isMenuOpen}
              aria-controls={isMenuOpen ? menuId : undefined}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" focusable="false">
                <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
        )}

        {user && isMenuOpen && <NavMenu id={menuId} onClose={closeMenu} onToggleMap={toggleMap} />}
      </div>
    </header>
  );
}
