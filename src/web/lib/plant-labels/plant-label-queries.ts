// The plant-label list's server data (docs/decisions/057): the list, the plants a check adds and
// the marks, kept live through the app's one realtime connection while the screen is open. Only
// the lazily loaded Plant labels screen imports it.
import { queryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LabelState } from '#domain/plant-labels/plant-labels';
import { COLLECTIONS, type PlantLabelRecord } from '#domain/records';
import { pb } from '../pb';
import { queryClient } from '../query-client';
import { addLiveFeed, type RecordEvent } from '../realtime';

const plantLabels = () => pb.collection(COLLECTIONS.plantLabels);

export const plantLabelKeys = {
  all: [COLLECTIONS.plantLabels] as const,
  /** The nursery's whole list, by name. */
  list: () => [...plantLabelKeys.all, 'list'] as const,
};

/** The nursery's plant-label list, by name. */
export function plantLabelListQuery() {
  return queryOptions({
    queryKey: plantLabelKeys.list(),
    queryFn: () => plantLabels().getFullList<PlantLabelRecord>({ sort: 'plant_name' }),
  });
}

/** Puts one plant as the server answered it into the list (added, or in place of what was there). */
function keep(plant: PlantLabelRecord): void {
  queryClient.setQueryData<PlantLabelRecord[]>(plantLabelKeys.list(), (list) =>
    list
      ? list.some((known) => known.id === plant.id)
        ? list.map((known) => (known.id === plant.id ? plant : known))
        : [...list, plant].sort((a, b) => a.plant_name.localeCompare(b.plant_name))
      : list,
  );
}

/** Adds a plant, not checked yet. */
export async function addPlant(name: string): Promise<PlantLabelRecord> {
  const plant = await plantLabels().create<PlantLabelRecord>({ plant_name: name, has_labels: 'new' });
  keep(plant);
  return plant;
}

/** Marks a plant: has labels, or needs printing. */
export async function markPlant(id: string, state: LabelState): Promise<PlantLabelRecord> {
  const plant = await plantLabels().update<PlantLabelRecord>(id, { has_labels: state });
  keep(plant);
  return plant;
}

/** Keeps the list live while the screen is open: a teammate's marks show at once. */
export function usePlantLabelsLive(): void {
  useEffect(
    () =>
      addLiveFeed({
        collection: COLLECTIONS.plantLabels,
        onEvent: (event: RecordEvent<unknown>) => {
          const plant = event.record as PlantLabelRecord | undefined;
          if (plant && (event.action === 'create' || event.action === 'update')) keep(plant);
          else void queryClient.invalidateQueries({ queryKey: plantLabelKeys.list() });
        },
        catchUp: () => void queryClient.invalidateQueries({ queryKey: plantLabelKeys.list() }),
      }),
    [],
  );
}
