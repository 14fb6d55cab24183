import { useEffect, useRef } from 'react';
import { canPurge, canRestore } from '#domain/history/trail-permissions';
import { NavLink } from '../../lib/router/links';
import { mayLoseUnsentChanges } from '../../lib/outbox/sign-out';
import { logout } from '../../lib/session';
import { useCurrentUser } from '../../lib/use-current-user';
import { useCan } from '../../lib/use-role';
import { useWeekSelection } from '../../lib/week-selection';
import { newOrderHref } from '../../lib/new-order-preset';
import { paths } from '../../lib/paths';

const itemBase =
  'flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 md:min-h-9';
const itemClass = `${itemBase} text-slate-800 aria-[current=page]:bg-emerald-50 aria-[current=page]:text-emerald-900`;

/** Why the menu closed: Escape or a choice give focus back to the menu button; a click elsewhere does not. */
export type MenuCloseReason = 'escape' | 'choice' | 'outside';

interface Props {
  id: string;
  onClose: (reason: MenuCloseReason) => void;
  onToggleMap: () => void;
}

// Home and Collects keep the chosen week in their address; Deleted is for people who may restore or purge.
const LINKS: readonly { to: string; label: string; end?: boolean; keepsWeek?: boolean; trail?: boolean }[] = [
  { to: paths.board, label: 'Home', end: true, keepsWeek: true },
  { to: paths.collect, label: 'Collects', keepsWeek: true },
  { to: paths.holding, label: 'Holding' },
  { to: paths.runs, label: 'Runs' },
  { to: paths.search, label: 'Search' },
  { to: paths.customers, label: 'Customers' },
  { to: paths.poolStatement, label: 'Pool statement' },
  { to: paths.plantLabels, label: 'Plant labels' },
  { to: paths.deleted, label: 'Deleted', trail: true },
  { to: paths.settings, label: 'Settings' },
];

/**
 * The header's menu. The current page's link carries aria-current="page" (NavLink sets it).
 * Map and Add Order appear here only on small screens (the header shows them on wide ones).
 */
export function NavMenu({ id, onClose, onToggleMap }: Props) {
  const ref = useRef<HTMLElement>(null);
  const { search, year, week } = useWeekSelection();
  const user = useCurrentUser();
  const mayUseDeleted = canRestore(user) || canPurge(user);
  const canEdit = useCan('edit');
  // Link orders: office staff and admins (docs/decisions/066), beside Customers; Team: admins only
  // (the server refuses anyone else regardless).
  const canLink = useCan('customers');
  const withLinking = canLink
    ? LINKS.flatMap((link) => (link.to === paths.customers ? [link, { to: paths.linkOrders, label: 'Link orders' }] : [link]))
    : LINKS;
  const links = useCan('team') ? [...withLinking, { to: paths.team, label: 'Team' }] : withLinking;

  useEffect(() => {
    function onKey(e: KeyboardEvent): void {
      if (e.key === 'Escape') {
        // The menu takes this Escape; map mode must not also leave on the same key press.
        e.stopImmediatePropagation();
        onClose('escape');
      }
    }
    function onPointer(e: PointerEvent): void {
      const target = e.target as Node | null;
      // Clicks on the toggle itself are handled by the toggle.
      if (target instanceof Element && target.closest('[data-menu-toggle]')) return;
      if (ref.current && target && !ref.current.contains(target)) onClose('outside');
    }
    window.addEventListener('keydown', onKey, { capture: true });
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);

  const choose = () => onClose('choice');

  // The menu scrolls on its own: with every screen an admin has, it is taller than a small phone.
  return (
    <nav
      id={id}
      ref={ref}
      aria-label="Main menu"
      className="absolute top-full right-2 z-40 mt-1 max-h-[calc(100dvh-6rem)] w-60 overflow-y-auto overscroll-contain rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
    >
      <ul className="space-y-0.5">
        {links
          .filter((link) => !('trail' in link && link.trail) || mayUseDeleted)
          .map((link) => (
            <li key={link.to}>
              <NavLink to={link.keepsWeek ? { pathname: link.to, search } : link.to} end={link.end} className={itemClass} onClick={choose}>
                {link.label}
              </NavLink>
            </li>
          ))}
        {canEdit && (
          <>
            <li className="md:hidden">
              <button
                type="button"
                className={itemClass}
                onClick={() => {
                  onToggleMap();
                  choose();
                }}
              >
                Map
              </button>
            </li>
            <li className="md:hidden">
              <NavLink to={newOrderHref({ week: { year, week } })} className={itemClass} onClick={choose}>
                Add Order
              </NavLink>
            </li>
          </>
        )}
        <li className="mt-1 border-t border-slate-200 pt-1">
          <button type="button" className={`${itemBase} text-red-700`} onClick={() => mayLoseUnsentChanges() && logout()}>
            Logout
          </button>
        </li>
      </ul>
    </nav>
  );
}
