// The weekly board's one request, declared once: the board's query (order-queries.ts) sends it
// through the SDK, and the page's boot script (web/boot/prefetch-week.ts) sends the same request
// before the app's code has arrived (docs/decisions/014).
import { COLLECTIONS } from '#domain/records';

/** Oldest first, as the board lists a day's orders. */
export const WEEK_ORDERS_SORT = 'created';

/** The SDK's getFullList batch size: a week with fewer orders comes in one page. */
export const WEEK_ORDERS_PAGE_SIZE = 1000;

/**
 * The filter of one ISO week's board (board types none and collect). Year and week are whole
 * numbers checked here, so writing them into the filter cannot change its meaning.
 */
export function weekOrdersFilter(year: number, week: number): string {
  if (!Number.isInteger(year) || !Number.isInteger(week)) throw new RangeError(`Not a week: ${year}/${week}`);
  return `year = ${year} && weekNumber = ${week} && (other = "none" || other = "collect")`;
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
    ['sort', WEEK_ORDERS_SORT],
  ];
  const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  return `${apiUrl.replace(/\/+$/, '')}/api/collections/${COLLECTIONS.tasks}/records?${search}`;
}
