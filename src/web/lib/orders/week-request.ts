// The weekly board's one request: the board's query (order-queries.ts) sends it through the SDK,
// and the page's boot script (web/boot/prefetch-week.ts) sends the same request before the
// app's code has arrived (docs/decisions/014). Its rule is the domain's weekBoardList.
import { weekBoardFilter } from '#domain/orders/order-lists';
import type { COLLECTIONS } from '#domain/records';

/** COLLECTIONS.tasks, written out: the boot script would otherwise carry every collection's name. */
const TASKS = 'tasks' satisfies typeof COLLECTIONS.tasks;

/** The SDK's getFullList batch size: a week with fewer orders comes in one page. */
export const WEEK_ORDERS_PAGE_SIZE = 1000;

/**
 * A filter's {:name} placeholders filled in as the SDK's pb.filter fills them (numbers as
 * written, text as a JSON string), for the boot script, which runs before the SDK has loaded.
 */
export function bindFilter(expression: string, params: Readonly<Record<string, string | number>>): string {
  return expression.replace(/\{:(\w+)\}/g, (placeholder, name: string) => (name in params ? JSON.stringify(params[name]) : placeholder));
}

/** The filter of one ISO week's board, as the SDK sends it. Year and week must be whole numbers. */
export function weekOrdersFilter(year: number, week: number): string {
  if (!Number.isInteger(year) || !Number.isInteger(week)) throw new RangeError(`Not a week: ${year}/${week}`);
  const { expression, params } = weekBoardFilter({ year, weekNumber: week });
  return bindFilter(expression, params);
}

/**
 * The first page of the week's board as a URL of the records API, byte for byte as the SDK
 * sends it (each value through encodeURIComponent, in the SDK's order), so that the server and
 * the browser's cache see one request, not two spellings of it.
 */
export function weekOrdersUrl(apiUrl: string, year: number, week: number): string {
  const query: [string, string][] = [
    ['page', '1'],
    ['perPage', String(WEEK_ORDERS_PAGE_SIZE)],
    ['skipTotal', '1'],
    ['filter', weekOrdersFilter(year, week)],
    // Oldest first, as every board (weekBoardList's sort).
    ['sort', 'created'],
  ];
  const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  return `${apiUrl.replace(/\/+$/, '')}/api/collections/${TASKS}/records?${search}`;
}
