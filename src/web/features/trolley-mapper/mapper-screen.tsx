import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { TrolleyExportRecord } from '#domain/records';
import { planFixedReason } from '#domain/runs/run-states';
import { nextWorkingDay } from '#domain/trolleys/run-date';
import { emptyVehicleInfo } from '#domain/trolleys/run-plan';
import { localCalendarDate } from '#domain/weeks';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { paths } from '../../lib/paths';
import { useLocation, useParams } from '../../lib/router/hooks';
import { Link } from '../../lib/router/links';
import { vehicleListQuery } from '../../lib/fleet/fleet-queries';
import { runQuery } from '../../lib/runs/run-queries';
import { useCan } from '../../lib/use-role';
import { followedSession, stopsFromRouterState } from './router-state';
import { TrolleyMapper } from './trolley-mapper';

/**
 * The trolley mapper's one screen, for both of its addresses: `/trolley-mapper` ("Create Run",
 * "New Run"; the board's map mode hands over its chosen orders as router state,
 * `navigate(paths.trolleyMapper, { state: { stops } })` with `stops: RunStop[]`) and
 * `/runs/view/{id}` (a saved run, "Loading export..." meanwhile). One screen, so that when a new
 * plan is saved the address follows the run while the same mapper, its undo history and its
 * chosen customer stay on screen: that move carries the mapper's session (router-state.ts).
 */
export default function MapperScreen() {
  const { id = null } = useParams();
  const location = useLocation();
  const session = followedSession(location.state) ?? location.key;
  // A viewer opens saved runs to look and print; new plans are not theirs (the route's guard).
  const canEdit = useCan('edit');
  // Sessions whose mapper this screen shows: when the address follows a save (a new plan's first,
  // or a deleted run saved anew) the mapper is on screen already. Any other saved-run address
  // (opened from Runs, or reloaded) loads the run. Recording a session is idempotent, so doing it
  // while rendering is safe.
  const shown = useRef(new Set<string>());
  // The saved run each session opened with: the screen renders again when the fleet arrives, and
  // must keep showing that run (fixed when dispatched), not fall back to a new plan.
  const opened = useRef(new Map<string, TrolleyExportRecord>());
  const loadId = id !== null && !shown.current.has(session) ? id : null;
  const run = useQuery({ ...runQuery(loadId ?? ''), enabled: loadId !== null });
  // The nursery's vehicles to choose from (docs/decisions/076); the mapper works without them.
  const fleet = useQuery({ ...vehicleListQuery(), enabled: canEdit }).data;

  const openedRun = opened.current.get(session);
  if (loadId !== null || (openedRun !== undefined && openedRun.id === id)) {
    if (loadId !== null && run.isPending) return <LoadingScreen text="Loading export..." />;
    if (loadId !== null && run.isError) return <RunNotLoaded missing={(run.error as { status?: number }).status === 404} />;
    const record = loadId !== null && run.data ? run.data : openedRun!;
    shown.current.add(session);
    opened.current.set(session, record);
    return (
      <TrolleyMapper
        key={session}
        session={session}
        initialPlan={{
          stops: Array.isArray(record.data) ? record.data : [],
          vehicleInfo: { ...emptyVehicleInfo(), ...record.vehicleInfo },
        }}
        savedVersion={{ id: record.id, updated: record.updated }}
        readOnly={!canEdit}
        fleet={fleet}
        fixedReason={planFixedReason(record.state)}
        fixedState={record.state === 'dispatched' || record.state === 'delivered' || record.state === 'cancelled' ? record.state : null}
      />
    );
  }
  const stops = stopsFromRouterState(location.state);
  shown.current.add(session);
  return (
    <TrolleyMapper
      key={session}
      session={session}
      // A new plan is for the next working day, the day runs are planned for; a saved run keeps its own date (docs/decisions/071).
      initialPlan={{ stops, vehicleInfo: { ...emptyVehicleInfo(), date: nextWorkingDay(localCalendarDate(new Date())) } }}
      handedOverStops={stops.length > 0}
      fleet={fleet}
    />
  );
}

function RunNotLoaded({ missing }: { missing: boolean }) {
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-10 text-center">
      <p className="font-semibold text-slate-900">
        {missing ? 'This run no longer exists.' : 'This run could not be loaded. Check your connection and try again.'}
      </p>
      <Link to={paths.runs} className="mt-3 inline-block font-medium text-emerald-700 underline-offset-2 hover:underline">
        Back to Runs
      </Link>
    </div>
  );
}
