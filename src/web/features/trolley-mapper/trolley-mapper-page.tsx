import { useLocation } from 'react-router';
import type { RunStop } from '#domain/records';
import { emptyVehicleInfo } from '#domain/trolleys/run-plan';
import { TrolleyMapper } from './trolley-mapper';

/**
 * /trolley-mapper ("Create Run"). The board's map mode opens it with the chosen orders as
 * router state: `navigate(paths.trolleyMapper, { state: { stops } })` with `stops: RunStop[]`.
 */
export default function TrolleyMapperPage() {
  const location = useLocation();
  const stops = stopsFromState(location.state);
  return <TrolleyMapper key={location.key} initialPlan={{ stops, vehicleInfo: emptyVehicleInfo() }} />;
}

function stopsFromState(state: unknown): RunStop[] {
  if (typeof state !== 'object' || state === null || !('stops' in state) || !Array.isArray(state.stops)) return [];
  return state.stops.filter(isObject).map((stop) => ({
    id: text(stop.id),
    title: text(stop.title),
    postcode: text(stop.postcode),
    trollies: text(stop.trollies),
    extras: text(stop.extras),
    orderNumber: text(stop.orderNumber),
  }));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Router state survives reloads in history; read it defensively (numbers from older pages become text). */
function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
