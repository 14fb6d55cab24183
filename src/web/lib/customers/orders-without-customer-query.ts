// How many of the nursery's orders have no customer (docs/decisions/066): the board's notice asks,
// so through loadPb (the board paints before the SDK loads, docs/decisions/006).
import { queryOptions } from '@tanstack/react-query';
import { LINK_ORDERS_API, type OrdersWithoutCustomer } from '#domain/customers/link-orders-api';
import { loadPb } from '../lazy-pb';
import { orderKeys } from '../query-keys';

/** The count; only office staff and admins may ask (`enabled`), the server refuses anyone else. */
export function ordersWithoutCustomerQuery(enabled: boolean) {
  return queryOptions({
    queryKey: orderKeys.withoutCustomer(),
    queryFn: async () => (await loadPb()).send<OrdersWithoutCustomer>(LINK_ORDERS_API.withoutCustomer, { method: 'GET' }),
    enabled,
    staleTime: 60_000,
  });
}
