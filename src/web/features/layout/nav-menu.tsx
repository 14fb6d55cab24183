import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { logout } from '../../lib/session';

const itemBase =
  'block w-full rounded-md px-3 py-2 text-left text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600';
const itemClass = `${itemBase} text-slate-800`;

interface Props {
  id: string;
  onClose: () => void;
  onToggleMap: () => void;
}

/** The header's menu. Map and Add Order appear here only on small screens (the header shows them on wide ones). */
export function NavMenu({ id, onClose, onToggleMap }: Props) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    function onKey(e: KeyboardEvent): void {
      if (e.key === 'Escape') onClose();
    }
    function onPointer(e: PointerEvent): void {
      const target = e.target as Node | null;
      // Clicks on the toggle itself are handled by the toggle.
      if (target instanceof Element && target.closest('[data-menu-toggle]')) return;
      if (ref.current && target && !ref.current.contains(target)) onClose();
    }
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);

  return (
    <nav
      id={id}
      ref={ref}
      aria-label="Main menu"
      className="absolute top-full right-2 z-40 mt-1 w-56 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
    >
      <ul className="space-y-0.5">
        <li>
          <Link to={paths.board} className={itemClass} onClick={onClose}>
            Home
          </Link>
        </li>
        <li>
          <Link to={paths.collect} className={itemClass} onClick={onClose}>
            Collects
          </Link>
        </li>
        <li>
          <Link to={paths.holding} className={itemClass} onClick={onClose}>
            Holding
          </Link>
        </li>
        <li>
          <Link to={paths.runs} className={itemClass} onClick={onClose}>
            Runs
          </Link>
        </li>
        <li>
          <Link to={paths.search} className={itemClass} onClick={onClose}>
            Search
          </Link>
        </li>
        <li>
          <Link to={paths.settings} className={itemClass} onClick={onClose}>
            Settings
          </Link>
        </li>
        <li className="md:hidden">
          <button
            type="button"
            className={itemClass}
            onClick={() => {
              onToggleMap();
              onClose();
            }}
          >
            Map
          </button>
        </li>
        <li className="md:hidden">
          <Link to={paths.createOrder} className={itemClass} onClick={onClose}>
            Add Order
          </Link>
        </li>
        <li className="mt-1 border-t border-slate-200 pt-1">
          <button type="button" className={`${itemBase} text-red-700`} onClick={logout}>
            Logout
          </button>
        </li>
      </ul>
    </nav>
  );
}
