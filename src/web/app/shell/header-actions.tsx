import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClass } from '../../components/ui/button';
import { useMapMode } from '../../lib/map-mode';
import { refreshOrders } from '../../lib/refresh-orders';
import { newOrderHref } from '../../lib/new-order-preset';
import { useLocation } from '../../lib/router/hooks';
import { useCan } from '../../lib/use-role';
import { useWeekSelection } from '../../lib/week-selection';
import { Link } from '../../lib/router/links';
import { MenuIcon, RefreshIcon } from './header-icons';
import { ScanButton } from './scan-button';
import type { MenuCloseReason } from './nav-menu';
import { useToggleMap } from './use-toggle-map';

// The menu is only needed once opened: it stays out of the board's first paint (110 kB budget).
const NavMenu = lazy(() => import('./nav-menu').then((m) => ({ default: m.NavMenu })));

/** A signed-in user's buttons: Refresh, Map, Add Order and the menu, which closes on every move. */
export function HeaderActions() {
  const { isMapMode } = useMapMode();
  const toggleMap = useToggleMap();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { year, week } = useWeekSelection();
  // A viewer neither adds orders nor plans runs (docs/decisions/035).
  const canEdit = useCan('edit');

  const closeMenu = useCallback((reason: MenuCloseReason) => {
    setMenuOpen(false);
    // Keyboard and screen-reader users continue from the button that opened the menu.
    if (reason !== 'outside') menuButton.current?.focus();
  }, []);
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <>
      <div className="ml-auto flex items-center gap-2">
        <Button
          size="sm"
          className="min-w-11 md:min-w-8"
          aria-label="Refresh orders"
          title="Refresh orders"
          onClick={() => void refreshOrders()}
        >
          <RefreshIcon />
        </Button>
        <ScanButton />
        {canEdit && (
          <>
            <Button
              size="sm"
              className="aria-pressed:border-emerald-600 aria-pressed:bg-emerald-50 max-md:hidden"
              aria-pressed={isMapMode}
              onClick={toggleMap}
            >
              Map
            </Button>
            {/* Add Order starts at the week on screen (docs/product.md#add-order). */}
            <Link
              to={newOrderHref({ week: { year, week } })}
              className={`${buttonClass({ variant: 'primary', size: 'sm' })} max-md:hidden`}
            >
              Add Order
            </Link>
          </>
        )}
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
          <MenuIcon />
        </Button>
      </div>

      {isMenuOpen && (
        <Suspense fallback={null}>
          <NavMenu id={menuId} onClose={closeMenu} onToggleMap={toggleMap} />
        </Suspense>
      )}
    </>
  );
}
