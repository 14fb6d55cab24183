// What the boards show of a week's orders when someone narrows them down on their device
// (docs/product.md#weekly-board): hide loaded orders, or show one status or one customer type.
// Also what each day adds up to: its orders and trolleys, as shown.
import { countTrollies } from '../trolleys/count-trollies';
import type { OrderRecord } from '../collections/tasks';
import { CUSTOMER_TYPES, type CustomerType } from '../vocabulary/customer-type';
import { DAYS, type Day } from '../vocabulary/day';
import { ORDER_STATUSES, type OrderStatus } from '../vocabulary/order-status';

/** `all`, every status but loaded (`not-loaded`), or one status. */
export type StatusFilter = 'all' | 'not-loaded' | OrderStatus;
export type CustomerTypeFilter = 'all' | CustomerType;

export interface BoardFilter {
  status: StatusFilter;
  customerType: CustomerTypeFilter;
}

export const NO_BOARD_FILTER: BoardFilter = { status: 'all', customerType: 'all' };

type FilteredOrder = Pick<OrderRecord, 'status' | 'customerType'>;

export function isBoardFiltered(filter: BoardFilter): boolean {
  return filter.status !== 'all' || filter.customerType !== 'all';
}

/** Whether the board shows an order under a filter. */
export function isShownByFilter(order: FilteredOrder, filter: BoardFilter): boolean {
  if (filter.customerType !== 'all' && order.customerType !== filter.customerType) return false;
  if (filter.status === 'all') return true;
  if (filter.status === 'not-loaded') return order.status !== 'loaded';
  return order.status === filter.status;
}

/** A filter read back from storage; anything it does not know counts as "all". */
export function parseBoardFilter(value: unknown): BoardFilter {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const status = raw.status;
  const customerType = raw.customerType;
  return {
    status: status === 'not-loaded' || (ORDER_STATUSES as readonly unknown[]).includes(status) ? (status as StatusFilter) : 'all',
    customerType: (CUSTOMER_TYPES as readonly unknown[]).includes(customerType) ? (customerType as CustomerType) : 'all',
  };
}

/** One day of a board as shown: its orders, how many the filter hides, and its trolleys. */
export interface DayOfBoard<T> {
  orders: readonly T[];
  hidden: number;
  /** The shown orders' trollies added up (only plain numbers count: countTrollies). */
  trollies: number;
}

export type BoardDays<T> = Record<Day, DayOfBoard<T>>;

const sameItems = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * The week's orders by day, filtered, in their order. A day whose orders are the very same as in
 * `previous` keeps its objects, so a screen re-renders only the days a change touched.
 */
export function boardDays<T extends FilteredOrder & Pick<OrderRecord, 'day' | 'trollies'>>(
  orders: readonly T[],
  filter: BoardFilter,
  previous?: BoardDays<T>,
): BoardDays<T> {
  const shown = new Map<Day, T[]>(DAYS.map((day) => [day, []]));
  const hidden = new Map<Day, number>(DAYS.map((day) => [day, 0]));
  for (const order of orders) {
    if (!shown.has(order.day)) continue;
    if (isShownByFilter(order, filter)) shown.get(order.day)!.push(order);
    else hidden.set(order.day, hidden.get(order.day)! + 1);
  }
  const days = {} as BoardDays<T>;
  for (const day of DAYS) {
    const list = shown.get(day)!;
    const before = previous?.[day];
    const hiddenCount = hidden.get(day)!;
    days[day] =
      before && before.hidden === hiddenCount && sameItems(before.orders, list)
        ? before
        : { orders: list, hidden: hiddenCount, trollies: countTrollies(list) };
  }
  return days;
}
