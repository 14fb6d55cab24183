import { TrolleyLogo } from '../../components/ui/trolley-logo';
import { useMapMode } from '../../lib/map-mode';
import { paths } from '../../lib/paths';
import { useHeightVariable } from '../../lib/use-height-variable';
import { Link } from '../../lib/router/links';
import { useCurrentUser } from '../../lib/use-current-user';
import { HeaderActions } from './header-actions';
import { LiveIndicator } from './live-indicator';
import { MapModeGroup } from './map-mode-group';
import { OutboxIndicator } from './outbox-indicator';
import { CurrentWeek, WeekSelect, YearSelect } from './week-picker';

/** The header of every signed-in screen: the logo, the week (or map mode's controls), live status, and the actions. */
export function AppHeader() {
  const user = useCurrentUser();
  const { isMapMode } = useMapMode();
  // Phones wrap the header onto two or three rows: what sticks below it (the board's day strip)
  // and what scrolls to the top (a day's column) stays clear of it.
  const ref = useHeightVariable<HTMLElement>('--app-header-height');

  return (
    <header ref={ref} className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur print:hidden">
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
          {isMapMode ? <MapModeGroup /> : <WeekSelect />}
          {user && <LiveIndicator />}
          {user && <OutboxIndicator />}
        </div>

        {user && <HeaderActions />}
      </div>
    </header>
  );
}
