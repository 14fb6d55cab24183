import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from '../../lib/router/hooks';
import { Link } from '../../lib/router/links';
import { Button, buttonClass } from '../../components/ui/button';
import { useMapMode } from '../../lib/map-mode';
import { refreshOrders } from '../../lib/refresh-orders';
import { useCurrentUser } from '../../lib/use-current-user';
import { paths } from '../../lib/paths';
import { LiveIndicator } from './live-indicator';
import type { MenuCloseReason } from './nav-menu';
import { TrolleyLogo } from '../../components/ui/trolley-logo';
import { CurrentWeek, WeekSelect, YearSelect } from './week-picker';

// The menu is only needed once opened: it stays out of the board's first paint (110 kB budget).
const NavMenu = lazy(() => import('./nav-menu').then((m) => ({ default: m.NavMenu })));

/** Screens where picking orders for a run makes sense; Map elsewhere opens the board first. */
const SELECTABLE_PATHS: readonly string[] = [paths.board, paths.collect];

export function AppHeader() {
  const user = useCurrentUser();
  const { isMapMode, setMapMode, chosenIds, clearChosen } = useMapMode();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const navigate = useNavigate();

  const closeMenu = useCallback((reason: MenuCloseReason) => {
    setMenuOpen(false);
    // Keyboard and screen-reader users continue from the button that opened the menu.
    if (reason !== 'outside') menuButton.current?.focus();
  }, []);
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const toggleMap = useCallback(() => {
    const turningOn = !isMapMode;
    setMapMode(turningOn);
    if (turningOn && !SELECTABLE_PATHS.includes(location.pathname)) void navigate(paths.board);
  }, [isMapMode, setMapMode, location.pathname, navigate]);

  // The mapper reads `location.state.stops` (RunStop[], in the order the orders were chosen).
  const createRun = useCallback(() => {
    void import('../../lib/orders/run-stops').then(({ chosenRunStops }) => {
      const stops = chosenRunStops(chosenIds);
      setMapMode(false);
      clearChosen();
      void navigate(paths.trolleyMapper, { state: { stops } });
    });
  }, [chosenIds, setMapMode, clearChosen, navigate]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur print:hidden">
      <div className="relative mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
        <Link
          to={paths.board}
          className="flex min-h-11 items-center gap-2 rounded-md text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-600"
        >
          <TrolleyLogo />
          <span className="text-lg font-bold tracking-tight">Trolleyboard</span>
        </Link>

        <div className="order-last flex w-full flex-wrap items-center gap-x-4 gap-y-2 lg:order-none lg:w-auto">
          <YearSelect />
          <CurrentWeek />
          {isMapMode ? (
            <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Map mode">
              <span className="text-sm text-slate-600">{chosenIds.length} chosen</span>
              <Button variant="primary" size="sm" onClick={createRun}>
                Create Run
              </Button>
              <Button size="sm" onClick={clearChosen}>
                Clear
              </Button>
              <Button size="sm" aria-label="Close map mode" onClick={() => setMapMode(false)}>
                <span aria-hidden="true">X</span>
              </Button>
            </div>
          ) : (
            <WeekSelect />
          )}
          {user && <LiveIndicator />}
        </div>

        {user && (
          <div className="ml-auto flex items-center gap-2">
            <Button
              size="sm"
              className="min-w-11 md:min-w-8"
              aria-label="Refresh orders"
              title="Refresh orders"
              onClick={() => void refreshOrders()}
            >
              <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" focusable="false">
                <path
                  d="M16 10a6 6 0 1 1-1.8-4.3M16 3v3.5h-3.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </Button>
            <Button
              size="sm"
              className="aria-pressed:border-emerald-600 aria-pressed:bg-emerald-50 max-md:hidden"
              aria-pressed={isMapMode}
              onClick={toggleMap}
            >
              Map
            </Button>
            <Link to={paths.createOrder} className={`${buttonClass({ variant: 'primary', size: 'sm' })} max-md:hidden`}>
              Add Order
            </Link>
            <Button
              ref={menuButton}
              size="sm"
              data-menu-toggle
              className="min-w-11 md:min-w-8"
              aria-label="Menu"
              aria-expanded={isMenuOpen}
              aria-controls={isMenuOpen ? menuId : undefined}
              onClick={() => setMenuOpen((open) => !open)}
            >
              <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" focusable="false">
                <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Button>
          </div>
        )}

        {user && isMenuOpen && (
          <Suspense fallback={null}>
            <NavMenu id={menuId} onClose={closeMenu} onToggleMap={toggleMap} />
          </Suspense>
        )}
      </div>
    </header>
  );
}
