// The order lists the app shows, each declared once: the week board, the collect board, the
// holding list, a pick-sheet day and search. One declaration gives both forms of a list's rule:
// - `filter`: what the server is asked, as a PocketBase filter expression with {:name}
//   placeholders and their values (the web binds them with the SDK's pb.filter, so no value is
//   ever pasted into the text);
// - `matches`: the same rule as a predicate, which the web's realtime cache applies to an order
//   that changed, to put it into or take it out of a list it already holds.
// src/server/records/list-rules-twin.test.ts runs generated orders through the server's own
// filter evaluator and SQL and checks that they answer as `matches` does.
//
// Years: the server stores real years. The original app stored 2024 as 0, and the server reads
// a 0 it is sent as 2024 before it stores it (the year field of collections/tasks.ts), so no stored order has year 0
// and the lists compare the stored year as it is.
import type { CustomerType } from '../vocabulary/customer-type';
import { DAYS, type Day } from '../vocabulary/day';
import type { OrderFields } from './order-fields';

export interface WeekSelection {
  year: number;
  weekNumber: number;
}

export interface PickSheetSelection extends WeekSelection {
  /** The day as the pick-sheet route names it ("monday" or "Monday"). */
  day: string;
}

/** Whether a text names a weekday as orders store it (e.g. a day read from a URL). */
export function isDay(value: string): value is Day {
  return (DAYS as readonly string[]).includes(value);
}

/** A filter for the records API: an expression with {:name} placeholders and their values. */
export interface ListFilter {
  expression: string;
  params: Readonly<Record<string, string | number>>;
}

/** What a list rule reads of an order. */
export type ListedOrder = Pick<
  OrderFields,
  'year' | 'weekNumber' | 'other' | 'day' | 'customerType' | 'title' | 'orderNumber' | 'postcode' | 'orderInfo' | 'customer'
>;

export interface OrderList {
  filter: ListFilter;
  /** Oldest first (the boards and lists) or newest first (search), by `created`. */
  sort: 'created' | '-created';
  /**
   * Whether an order belongs in the list, as the server's filter would answer; null when only
   * the server can tell (search text whose letters the two databases fold differently).
   */
  matches(order: ListedOrder): boolean | null;
}

type ClauseField = 'year' | 'weekNumber' | 'other' | 'day' | 'customerType';
/** `field` equals one of `values`. */
type Clause = { field: ClauseField; values: readonly (string | number)[] };
/** A list's rule: every clause holds. */
type Rule = readonly Clause[];

/** The rule as a filter: `field = {:field0}`, or `(field = {:field0} || field = {:field1})`, joined by &&. */
function filterOf(rule: Rule): ListFilter {
  const params: Record<string, string | number> = {};
  const parts = rule.map(({ field, values }) => {
    const terms = values.map((value, i) => ((params[field + i] = value), `${field} = {:${field}${i}}`));
    return terms.length === 1 ? terms[0] : `(${terms.join(' || ')})`;
  });
  return { expression: parts.join(' && '), params };
}

/** The rule in both forms. */
function listOf(rule: Rule): OrderList {
  return {
    filter: filterOf(rule),
    sort: 'created',
    matches: (order) => rule.every(({ field, values }) => values.includes(order[field])),
  };
}

const inWeek = ({ year, weekNumber }: WeekSelection): Clause[] => [
  { field: 'year', values: [year] },
  { field: 'weekNumber', values: [weekNumber] },
];

const weekBoardRule = (week: WeekSelection): Rule => [...inWeek(week), { field: 'other', values: ['none', 'collect'] }];

/** The weekly board: board types none (the Whiteboard) and collect of one ISO week, oldest first. */
export function weekBoardList(week: WeekSelection): OrderList {
  return listOf(weekBoardRule(week));
}

/**
 * The weekly board's filter alone, the same as weekBoardList's: for the page's boot script,
 * which asks for the week before the app has loaded and must stay a few kilobytes.
 */
export function weekBoardFilter(week: WeekSelection): ListFilter {
  return filterOf(weekBoardRule(week));
}

/** The collect board: board type collect of one ISO week, oldest first. */
export function collectBoardList(week: WeekSelection): OrderList {
  return listOf([...inWeek(week), { field: 'other', values: ['collect'] }]);
}

/** The holding list: every order with board type holding, whatever its week, oldest first. */
export function holdingList(): OrderList {
  return listOf([{ field: 'other', values: ['holding'] }]);
}

const PICKED_CUSTOMER_TYPES: readonly CustomerType[] = ['wholesale', 'retail'];

/**
 * One day's pick sheet: same week and year, board type none, exactly the selected day (any
 * letter case in the route), and a wholesale or retail customer. The whole day must match: the
 * original app compared first letters, so its Tuesday sheet listed Thursday's orders too.
 */
export function pickSheetDayList(selection: PickSheetSelection): OrderList {
  return listOf([
    ...inWeek(selection),
    { field: 'other', values: ['none'] },
    { field: 'day', values: [selection.day.toLowerCase()] },
    { field: 'customerType', values: PICKED_CUSTOMER_TYPES },
  ]);
}

/**
 * One day's collect sheet: same week and year, board type collect, exactly the selected day, any
 * customer type. The yard picks these for customers who fetch their order themselves; no pick
 * sheet lists them (docs/product.md#collect-sheet).
 */
export function collectDayList(selection: PickSheetSelection): OrderList {
  return listOf([...inWeek(selection), { field: 'other', values: ['collect'] }, { field: 'day', values: [selection.day.toLowerCase()] }]);
}

/** The fields search looks in, in the order a result names where it matched (docs/product.md#search). */
export const SEARCHED_FIELDS = ['title', 'orderNumber', 'postcode', 'orderInfo'] as const;
export type SearchedField = (typeof SEARCHED_FIELDS)[number];

/**
 * Customers whose orders a search also finds: the first this many of the customers it matches,
 * by name (docs/decisions/037). Their ids go into the orders' filter, within its length bound.
 */
export const SEARCHED_CUSTOMERS = 30;

/**
 * Search: the customer name, order number, postcode or notes contain the text (trimmed),
 * ignoring case, or the order is linked (`customer`) to one of `customerIds`, the customers the
 * same text found (so a customer's orders are found by its name even when their own title
 * differs); newest first. A blank text would match every order; screens do not ask for it.
 * The server indexes all four fields (docs/decisions/017), and the filter's cost stays well
 * within its bound (one search of the notes, and a short id per customer).
 */
export function searchList(text: string, customerIds: readonly string[] = []): OrderList {
  const needle = text.trim();
  const ids = customerIds.slice(0, SEARCHED_CUSTOMERS);
  const params: Record<string, string> = { text: literalContains(needle) };
  const terms = SEARCHED_FIELDS.map((field) => `${field} ~ {:text}`);
  ids.forEach((id, i) => {
    params[`customer${i}`] = id;
    terms.push(`customer = {:customer${i}}`);
  });
  return {
    filter: { expression: terms.join(' || '), params },
    sort: '-created',
    matches(order) {
      if (order.customer !== '' && ids.includes(order.customer)) return true;
      const texts = [needle, ...SEARCHED_FIELDS.map((field) => order[field])];
      if (texts.some(hasFoldedLetterBeyondAscii)) return null;
      const folded = foldAscii(needle);
      return SEARCHED_FIELDS.some((field) => foldAscii(order[field]).includes(folded));
    },
  };
}

/**
 * What staff type is literal text. The server's `~` wraps a bare value in %...% and escapes its
 * \ % _, except a \ already standing before a % or _, which stays that character's escape: so %
 * and _ are sent as \% and \_. A backslash typed just before one of them would be read as such an
 * escape too, so a text with a backslash is sent as a LIKE pattern of its own instead (a value
 * with an unescaped %, which `~` takes as it is): `%text%` with \ % _ escaped.
 */
export function literalContains(text: string): string {
  if (!text.includes('\\')) return text.replace(/[%_]/g, (c) => `\\${c}`);
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A–Z to a–z: the case folding both databases share (SQLite folds no other letter). */
function foldAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/** Whether the text has a letter beyond ASCII with a lower case, which PostgreSQL folds and SQLite does not. */
function hasFoldedLetterBeyondAscii(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[^\x00-\x7f]/.test(text) && text.toLowerCase() !== foldAscii(text);
}
