import { Dialog } from '../../components/ui/dialog';
import { refreshOrders } from '../../lib/refresh-orders';
import { NavIcon, NAV_ICONS } from './nav-icons';
import { NavPanel, navItemBase } from './nav-panel';

interface Props {
  onClose: () => void;
  onToggleMap: () => void;
}

/**
 * The phone's More: every screen the bottom bar has no room for, grouped as the desktop side bar
 * groups them, with Map, Add Order, Refresh and Logout (docs/decisions/067).
 */
export default function MoreSheet({ onClose, onToggleMap }: Props) {
  return (
    <Dialog open onClose={onClose} title="More" className="max-h-[calc(100dvh-2rem)] overflow-y-auto overscroll-contain">
      <button
        type="button"
        className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600"
        aria-label="Close"
        onClick={onClose}
      >
        <span aria-hidden="true" className="text-xl">
          ×
        </span>
      </button>
      <nav aria-label="Main menu">
        <NavPanel onChoose={onClose} extras={{ onToggleMap }}>
          <button
            type="button"
            className={`${navItemBase} text-slate-800`}
            onClick={() => {
              void refreshOrders();
              onClose();
            }}
          >
            <NavIcon d={NAV_ICONS.refresh} />
            Refresh orders
          </button>
        </NavPanel>
      </nav>
    </Dialog>
  );
}
