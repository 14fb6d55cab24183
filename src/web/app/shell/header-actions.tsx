import { Button, buttonClass } from '../../components/ui/button';
import { useMapMode } from '../../lib/map-mode';
import { refreshOrders } from '../../lib/refresh-orders';
import { newOrderHref } from '../../lib/new-order-preset';
import { useCan } from '../../lib/use-role';
import { useWeekSelection } from '../../lib/week-selection';
import { Link } from '../../lib/router/links';
import { StrokeIcon } from '../../components/ui/stroke-icon';
import { NAV_ICONS } from './nav-icons';
import { useToggleMap } from './use-toggle-map';

/**
 * A signed-in user's buttons on wider screens: Refresh, Map, Add Order. The screens themselves are
 * in the side bar (desktop) or the bottom bar's More (phone and tablet), docs/decisions/067.
 */
export function HeaderActions() {
  const { isMapMode } = useMapMode();
  const toggleMap = useToggleMap();
  const { year, week } = useWeekSelection();
  // A viewer neither adds orders nor plans runs (docs/decisions/035).
  const canEdit = useCan('edit');
  return (
    <div className="ml-auto flex items-center gap-2 max-md:hidden">
      <Button
        size="sm"
        className="min-w-11 md:min-w-8"
        aria-label="Refresh orders"
        title="Refresh orders"
        onClick={() => void refreshOrders()}
      >
        <StrokeIcon d={NAV_ICONS.refresh} className="h-5 w-5" strokeWidth={2} />
      </Button>
      {canEdit && (
        <>
          <Button
            size="sm"
            className="aria-pressed:border-emerald-600 aria-pressed:bg-emerald-50"
            aria-pressed={isMapMode}
            onClick={toggleMap}
          >
            Map
          </Button>
          {/* Add Order starts at the week on screen (docs/product.md#add-order). */}
          <Link to={newOrderHref({ week: { year, week } })} className={buttonClass({ variant: 'primary', size: 'sm' })}>
            Add Order
          </Link>
        </>
      )}
    </div>
  );
}
