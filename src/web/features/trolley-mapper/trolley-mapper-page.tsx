import { useLocation } from '../../lib/router/hooks';
import { emptyVehicleInfo } from '#domain/trolleys/run-plan';
import { stopsFromRouterState } from './router-state';
import { TrolleyMapper } from './trolley-mapper';

/**
 * /trolley-mapper ("Create Run"). The board's map mode opens it with the chosen orders as
 * router state: `navigate(paths.trolleyMapper, { state: { stops } })` with `stops: RunStop[]`.
 */
export default function TrolleyMapperPage() {
  const location = useLocation();
  const stops = stopsFromRouterState(location.state);
  return <TrolleyMapper key={location.key} initialPlan={{ stops, vehicleInfo: emptyVehicleInfo() }} />;
}
