import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchOrdersQuery } from './order-queries';

/**
 * Orders whose customer name, order number, postcode or notes contain `query`, newest first. A blank query asks
 * nothing (`data` stays undefined). While the next results load, the previous ones stay shown.
 */
export function useSearchOrders(query: string) {
  return useQuery({ ...searchOrdersQuery(query), placeholderData: keepPreviousData });
}
