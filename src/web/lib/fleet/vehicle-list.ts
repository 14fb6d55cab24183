// The nursery's vehicles as one query, shared by the Fleet screen, the mapper's vehicle choice, the
// board's week capacity and the open planner (docs/decisions/076): one key, one shape (the
// records). Kept apart from fleet-queries.ts so the board's capacity does not load the Fleet
// screen's writes. Kept live by a feed on `vehicles`, started with the first answer, as the
// board's delivered marks are (../runs/delivered-marks.ts): a vehicle added, deactivated or
// resized by a teammate changes every open board's capacity without a reload.
import { queryOptions } from '@tanstack/react-query';
import type { VehicleRecord } from '#domain/collections/vehicles';
import { COLLECTIONS } from '#domain/records';
import { pb } from '../pb';
import { queryClient } from '../query-client';
import { vehicleKeys } from '../query-keys';

let isLive = false;

/** Starts (once) the feed that keeps the vehicles current wherever they are shown. */
async function keepLive(): Promise<void> {
  if (isLive) return;
  isLive = true;
  const { addLiveFeed } = await import('../realtime');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
  addLiveFeed({ collection: COLLECTIONS.vehicles, onEvent: refresh, catchUp: refresh });
}

/** The nursery's vehicles, active or not, by name. */
export function vehicleListQuery() {
  return queryOptions({
    queryKey: vehicleKeys.list(),
    queryFn: async () => {
      // requestKey null: the board's capacity of seven days asks at once, and the SDK would cancel all but one.
      const list = await pb.collection(COLLECTIONS.vehicles).getFullList<VehicleRecord>({ sort: 'name', requestKey: null });
      void keepLive();
      return list;
    },
    // The fleet changes seldom, and its live feed refreshes it when it does.
    staleTime: 60_000,
  });
}
