// The board's delivered marks (docs/decisions/042): which orders of a week were delivered at
// their drop, matched by order id on the server. Read after the orders (the first line that needs
// it asks), one request per week, kept live by a feed on run_drops started with the first answer.
import { queryOptions } from '@tanstack/react-query';
import { COLLECTIONS } from '#domain/records';
import { RUNS_API, type DeliveredMark, type DeliveredMarksAnswer } from '#domain/runs/runs-api';
import { loadPb } from '../lazy-pb';
import { queryClient } from '../query-client';

export const markKeys = {
  all: [COLLECTIONS.runDrops, 'marks'] as const,
  week: (year: number, week: number) => [...markKeys.all, year, week] as const,
};

let live = false;

/** Starts (once) the feed that keeps every board's marks current. */
async function keepLive(): Promise<void> {
  if (live) return;
  live = true;
  const { addLiveFeed } = await import('../realtime');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: markKeys.all });
  addLiveFeed({ collection: COLLECTIONS.runDrops, onEvent: refresh, catchUp: refresh });
}

/** The delivered drops of the orders of one ISO week, by order id. */
export function deliveredMarksQuery(year: number, week: number) {
  return queryOptions({
    queryKey: markKeys.week(year, week),
    queryFn: async (): Promise<ReadonlyMap<string, DeliveredMark>> => {
      const pb = await loadPb();
      const answer = await pb.send<DeliveredMarksAnswer>(RUNS_API.deliveredMarks, { method: 'GET', query: { year, week } });
      void keepLive();
      return new Map(answer.items.map((mark) => [mark.order, mark]));
    },
    staleTime: 60_000,
  });
}
