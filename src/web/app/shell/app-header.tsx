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
  // Phones keep the header to one row (docs/decisions/067); what sticks below it (the board's day
  // strip) and what scrolls to the top (a day's column) stay clear of it whatever its height.
  const ref = useHeightVariable<HTMLElement>('--app-header-height');

  return (
    <header ref={ref} className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur print:hidden">
      <div className="relative mx-auto flex items-center gap-x-2 px-2 py-1.5 sm:gap-x-4 sm:px-3 lg:py-2">
        <Link
          to={paths.board}
          className="flex min-h-11 shrink-0 items-center gap-2 rounded-md text-emerald-800 focus-visible:outline-2 focus-visible:outline-emerald-600 max-sm:hidden"
          aria-label="Trolleyboard"
        >
          <TrolleyLogo />
          {/* A phone's header is the week alone: the bottom bar's Board goes home. */}
          <span className="text-lg font-bold tracking-tight" aria-hidden="true">
            Trolleyboard
          </span>
        </Link>

        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-1.5 gap-y-1 max-sm:justify-between sm:gap-x-4">
          {/* Choosing a run's orders on a phone, the header is map mode's controls alone, one row. */}
          <div className={isMapMode ? 'contents max-sm:hidden' : 'contents'}>
            <YearSelect />
            <CurrentWeek />
          </div>
          {isMapMode ? <MapModeGroup /> : <WeekSelect />}
          {user && <LiveIndicator />}
          {user && <OutboxIndicator />}
        </div>

        {user && <HeaderActions />}
      </div>
    </header>
  );
}
