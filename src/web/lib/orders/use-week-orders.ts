import { useQuery } from '@tanstack/react-query';
import { weekOrdersQuery } from './order-queries';

/** The weekly board's orders (board types none and collect) of one ISO week, oldest first. */
export function useWeekOrders(year: number, week: number) {
  return useQuery(weekOrdersQuery(year, week));
}
