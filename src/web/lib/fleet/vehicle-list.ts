// The nursery's vehicles as one query, shared by the Fleet screen, the mapper's vehicle choice and
// the board's week capacity (docs/decisions/076): one key, one shape (the records). Kept apart from
// fleet-queries.ts so the board's capacity does not load the Fleet screen's writes and live feed.
import { queryOptions } from '@tanstack/react-query';
import type { VehicleRecord } from '#domain/collections/vehicles';
import { COLLECTIONS } from '#domain/records';
import { pb } from '../pb';
import { vehicleKeys } from '../query-keys';

/** The nursery's vehicles, active or not, by name. */
export function vehicleListQuery() {
  return queryOptions({
    queryKey: vehicleKeys.list(),
    // requestKey null: the board's capacity of seven days asks at once, and the SDK would cancel all but one.
    queryFn: () => pb.collection(COLLECTIONS.vehicles).getFullList<VehicleRecord>({ sort: 'name', requestKey: null }),
    // The fleet changes seldom; the Fleet screen's live feed refreshes it when it does.
    staleTime: 60_000,
  });
}
