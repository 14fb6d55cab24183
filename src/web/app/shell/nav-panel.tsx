import { useId, type ReactNode } from 'react';
import { canPurge, canRestore } from '#domain/history/trail-permissions';
import { roleLabel } from '#domain/collections/users';
import { DAYS } from '#domain/vocabulary/day';
import { datesOfIsoWeek, type CalendarDate, type IsoWeek } from '#domain/weeks';
import { NavLink } from '../../lib/router/links';
import { mayLoseUnsentChanges } from '../../lib/outbox/sign-out';
import { logout } from '../../lib/session';
import { useNursery } from '../../lib/settings/nursery';
import { useCurrentUser } from '../../lib/use-current-user';
import { useCan } from '../../lib/use-role';
import { useWeekSelection } from '../../lib/week-selection';
import { newOrderHref } from '../../lib/new-order-preset';
import { paths } from '../../lib/paths';
import { NAV_ICONS, NavIcon, type NavIconName } from './nav-icons';

export const navItemBase =
  'flex min-h-11 w-full items-center gap-3 rounded-md px-3 text-left text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 lg:min-h-9';
const itemClass = `${navItemBase} text-slate-800 aria-[current=page]:bg-emerald-50 aria-[current=page]:font-semibold aria-[current=page]:text-emerald-900`;

interface NavItem {
  to: string | { pathname: string; search: string };
  label: string;
  icon: NavIconName;
  end?: boolean;
}

interface NavGroup {
  title: string;
  items: NavItem[];
}

/** Today's pick sheet: the weekday and day of the month of the office's today. */
function todaysPickSheet(today: CalendarDate, week: IsoWeek): string {
  const dates = datesOfIsoWeek(week.year, week.week);
  const index = Math.max(
    0,
    dates.findIndex((d) => d.year === today.year && d.month === today.month && d.day === today.day),
  );
  return paths.pickSheet(week.year, week.week, DAYS[index] ?? 'monday', today.day);
}

/**
 * Every screen the signed-in person's role may open, grouped by the work (docs/decisions/067).
 * A screen the role may not open is left out, not greyed: nobody is offered what cannot work.
 */
function useNavGroups(): NavGroup[] {
  const { search, today, todayWeek } = useWeekSelection();
  const user = useCurrentUser();
  const canEdit = useCan('edit');
  const canLink = useCan('customers');
  const canTeam = useCan('team');
  const mayUseDeleted = canRestore(user) || canPurge(user);
  const when = <T,>(yes: boolean, item: T): T[] => (yes ? [item] : []);
  return [
    {
      title: 'This week',
      items: [
        // "Home" is the spec's label for the board; the side bar shows both words.
        { to: { pathname: paths.board, search }, label: 'Home', icon: 'board', end: true },
        { to: { pathname: paths.collect, search }, label: 'Collects', icon: 'collect' },
        { to: paths.holding, label: 'Holding', icon: 'holding' },
        { to: paths.search, label: 'Search', icon: 'search' },
      ],
    },
    {
      title: 'Loading',
      items: [
        { to: paths.runs, label: 'Runs', icon: 'runs' },
        ...when(canEdit, { to: paths.trolleyMapper, label: 'New run', icon: 'mapper' } satisfies NavItem),
        { to: todaysPickSheet(today, todayWeek), label: "Today's pick sheet", icon: 'pickSheet' },
        { to: paths.plantLabels, label: 'Plant labels', icon: 'labels' },
      ],
    },
    {
      title: 'Trolleys',
      items: [
        { to: paths.customers, label: 'Customers', icon: 'customers' },
        ...when(canLink, { to: paths.linkOrders, label: 'Link orders', icon: 'link' } satisfies NavItem),
        { to: paths.poolStatement, label: 'Pool statement', icon: 'statement' },
      ],
    },
    {
      title: 'Nursery',
      items: [
        ...when(canTeam, { to: paths.team, label: 'Team', icon: 'team' } satisfies NavItem),
        { to: paths.fleet, label: 'Fleet', icon: 'fleet' },
        { to: paths.settings, label: 'Settings', icon: 'settings' },
        ...when(mayUseDeleted, { to: paths.deleted, label: 'Deleted', icon: 'deleted' } satisfies NavItem),
      ],
    },
  ];
}

/** Who is signed in, and to which nursery: a shared tablet must say whose board it is. */
function WhoIsSignedIn() {
  const user = useCurrentUser();
  const nursery = useNursery().data;
  if (!user) return null;
  return (
    <div className="px-3 py-2" data-testid="signed-in-as">
      <p className="truncate text-sm font-semibold text-slate-900">{nursery?.name ?? '\u00a0'}</p>
      <p className="truncate text-xs text-slate-600">
        {user.name || user.username} · {roleLabel(String(user.role ?? ''))}
      </p>
    </div>
  );
}

interface Props {
  onChoose?: () => void;
  /** The side bar's Scan, under Loading (the phone's is in the bottom bar). */
  onScan?: () => void;
  /** Map and Add Order, which the header shows itself on wide screens. */
  extras?: { onToggleMap: () => void } | null;
  /** What sits above Logout (the phone's Refresh). */
  children?: ReactNode;
}

/** The grouped list of screens, who is signed in, and Logout: the side bar's and More's content. */
export function NavPanel({ onChoose, onScan, extras, children }: Props) {
  const groups = useNavGroups();
  // The side bar's and More's lists can both be in the page: each names its groups by its own ids.
  const idPrefix = useId();
  const canEdit = useCan('edit');
  const { year, week } = useWeekSelection();
  return (
    <div className="flex flex-col gap-2">
      <WhoIsSignedIn />
      {groups.map((group) => (
        // A labelled group, not a heading: the page's own headings ("Nursery" in Settings) stay the
        // only ones a screen reader lists for the page.
        <div key={group.title} role="group" aria-labelledby={`${idPrefix}-${group.title}`}>
          <p id={`${idPrefix}-${group.title}`} className="px-3 pt-1 pb-0.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {group.title}
          </p>
          <ul className="space-y-0.5">
            {group.items.map((item) => (
              <li key={item.label}>
                <NavLink to={item.to} end={item.end} className={itemClass} onClick={onChoose}>
                  <NavIcon d={NAV_ICONS[item.icon]} />
                  {item.label}
                </NavLink>
              </li>
            ))}
            {onScan && group.title === 'Loading' && (
              <li>
                <button type="button" className={itemClass} aria-haspopup="dialog" onClick={onScan}>
                  <NavIcon d={NAV_ICONS.scan} />
                  Scan
                </button>
              </li>
            )}
          </ul>
        </div>
      ))}
      {/* Wider screens show Map and Add Order in the header. */}
      {extras && canEdit && (
        <ul className="space-y-0.5 border-t border-slate-200 pt-2 md:hidden">
          <li>
            <button
              type="button"
              className={itemClass}
              onClick={() => {
                extras.onToggleMap();
                onChoose?.();
              }}
            >
              <NavIcon d={NAV_ICONS.map} />
              Map
            </button>
          </li>
          <li>
            <NavLink to={newOrderHref({ week: { year, week } })} className={itemClass} onClick={onChoose}>
              <NavIcon d={NAV_ICONS.add} />
              Add Order
            </NavLink>
          </li>
        </ul>
      )}
      <div className="space-y-0.5 border-t border-slate-200 pt-2">
        {children}
        <button type="button" className={`${navItemBase} text-red-700`} onClick={() => mayLoseUnsentChanges() && logout()}>
          <NavIcon d={NAV_ICONS.logout} />
          Logout
        </button>
      </div>
    </div>
  );
}
