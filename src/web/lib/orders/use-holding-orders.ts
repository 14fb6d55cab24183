import { useQuery } from '@tanstack/react-query';
import { holdingOrdersQuery } from './order-queries';

/** Every order on the holding list (board type holding), oldest first. */
export function useHoldingOrders() {
  return useQuery(holdingOrdersQuery());
}
