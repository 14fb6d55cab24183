import { DAYS, type CustomerType, type Day } from '../records';
import { normalizeLegacyYear } from '../weeks';
import type { OrderFields } from './order-fields';

export interface WeekSelection {
  year: number;
  weekNumber: number;
}

export interface PickSheetSelection extends WeekSelection {
  /** The day as the pick-sheet route names it ("monday" or "Monday"). */
  day: string;
}

/** Board type none (the Whiteboard) and collect both appear on the weekly board. */
export function isOnWeeklyBoard(order: Pick<OrderFields, 'other'>): boolean {
  return order.other === 'none' || order.other === 'collect';
}

export function isOnCollectBoard(order: Pick<OrderFields, 'other'>): boolean {
  return order.other === 'collect';
}

/** Holding orders have no week on any board; they wait on the holding list. */
export function isOnHoldingList(order: Pick<OrderFields, 'other'>): boolean {
  return order.other === 'holding';
}

/** Whether an order belongs to the selected week. A legacy year 0 counts as 2024 on both sides. */
export function isInWeek(order: Pick<OrderFields, 'year' | 'weekNumber'>, selection: WeekSelection): boolean {
  return order.weekNumber === selection.weekNumber && normalizeLegacyYear(order.year) === normalizeLegacyYear(selection.year);
}

const PICKED_CUSTOMER_TYPES: readonly CustomerType[] = ['wholesale', 'retail'];

/**
 * The pick-sheet rule (docs/product.md#pick-sheet-day-rule, docs/decisions/026): same week and year, board type none, exactly
 * the selected day (any letter case in the route), and a wholesale or retail customer. The original app
 * compares first letters only; we match the whole day so Tuesday never lists Thursday.
 */
export function isOnPickSheet(
  order: Pick<OrderFields, 'year' | 'weekNumber' | 'other' | 'day' | 'customerType'>,
  selection: PickSheetSelection,
): boolean {
  return (
    isInWeek(order, selection) &&
    order.other === 'none' &&
    order.day === selection.day.toLowerCase() &&
    PICKED_CUSTOMER_TYPES.includes(order.customerType)
  );
}

/**
 * Search (docs/product.md#search-rule): the title or the order number contains the query, ignoring case, as
 * the server's `~` filter does. A blank query matches nothing.
 */
export function matchesSearch(order: Pick<OrderFields, 'title' | 'orderNumber'>, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return false;
  return order.title.toLowerCase().includes(needle) || order.orderNumber.toLowerCase().includes(needle);
}

/** Orders split into the board's seven day columns, keeping their order within a day. */
export function groupOrdersByDay<T extends Pick<OrderFields, 'day'>>(orders: readonly T[]): Record<Day, T[]> {
  const columns = Object.fromEntries(DAYS.map((day) => [day, [] as T[]])) as Record<Day, T[]>;
  for (const order of orders) columns[order.day]?.push(order);
  return columns;
}

/** Whether a text names a weekday as orders store it (e.g. a day read from a URL). */
export function isDay(value: string): value is Day {
  return (DAYS as readonly string[]).includes(value);
}
