import { useCallback } from 'react';
import { Button } from '../../components/ui/button';
import { useMapMode } from '../../lib/map-mode';
import { paths } from '../../lib/paths';
import { useNavigate } from '../../lib/router/hooks';

/** Map mode's controls in the header: how many orders are chosen, Create Run, Clear and close. */
export function MapModeGroup() {
  const { setMapMode, chosenIds, clearChosen } = useMapMode();
  const navigate = useNavigate();

  // The mapper reads `location.state.stops` (RunStop[], in the order the orders were chosen).
  const createRun = useCallback(() => {
    void import('../../lib/orders/run-stops').then(({ chosenRunStops }) => {
      const stops = chosenRunStops(chosenIds);
      setMapMode(false);
      clearChosen();
      void navigate(paths.trolleyMapper, { state: { stops } });
    });
  }, [chosenIds, setMapMode, clearChosen, navigate]);

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Map mode">
      <span className="text-sm text-slate-600">{chosenIds.length} chosen</span>
      <Button variant="primary" size="sm" onClick={createRun}>
        Create Run
      </Button>
      <Button size="sm" onClick={clearChosen}>
        Clear
      </Button>
      <Button size="sm" aria-label="Close map mode" onClick={() => setMapMode(false)}>
        <span aria-hidden="true">X</span>
      </Button>
    </div>
  );
}
