import { useQuery } from '@tanstack/react-query';
import { collectOrdersQuery } from './order-queries';

/** The collect board's orders (board type collect) of one ISO week, oldest first. */
export function useCollectOrders(year: number, week: number) {
  return useQuery(collectOrdersQuery(year, week));
}
