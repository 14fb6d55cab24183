import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customerSearchQuery } from '../customers/customer-queries';
import { useLiveStatus } from '../live-status';
import { searchOnDevice } from '../offline/device-search';
import { useKeptLoads } from '../offline/keep-on-device';
import { searchOrdersQuery } from './order-queries';

const NO_CUSTOMERS: readonly string[] = [];
/** Offline the page searches the device instead: it does not need a connection (app/shell/needs-connection.tsx). */
const WORKS_OFFLINE = { worksOffline: true };

/**
 * Search (docs/product.md#search): the customers whose name, postcode or pool account number
 * contain `query`, and the orders whose customer name, order number, postcode or notes do or
 * that belong to one of those customers, newest first. The orders are asked for once the
 * customers are known (or could not be read: then by their own text only). A blank query asks
 * nothing (`data` stays undefined). While the next results load, the previous ones stay shown.
 * Offline, the orders are those on the device that match (docs/decisions/046), and `isOffline` says so.
 */
export function useSearch(query: string) {
  const customers = useQuery({ ...customerSearchQuery(query), placeholderData: keepPreviousData, meta: WORKS_OFFLINE });
  // Previous text's customers (shown meanwhile) must not decide this text's orders.
  const known = customers.isSuccess && !customers.isPlaceholderData;
  const ids = known ? customers.data.map((customer) => customer.id) : NO_CUSTOMERS;
  const orders = useQuery({
    ...searchOrdersQuery(query, ids, known || customers.isError),
    placeholderData: keepPreviousData,
    meta: WORKS_OFFLINE,
  });
  const { isOffline } = useLiveStatus();
  // Searched again once the device's entries have been read: an offline reload opens here before that.
  const keptLoads = useKeptLoads();
  const onDevice = useMemo(
    () => (isOffline && query.trim() !== '' && keptLoads >= 0 ? searchOnDevice(query) : undefined),
    [isOffline, query, keptLoads],
  );
  return { customers, orders: onDevice ? { data: onDevice, isError: false } : { data: orders.data, isError: orders.isError }, isOffline };
}
