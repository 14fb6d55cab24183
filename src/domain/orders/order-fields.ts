import type { OrderRecord } from '../records';

/** The fields of an order a client may write. `user`, `id`, `created` and `updated` are set by
 * the server. */
export type OrderFields = Pick<
  OrderRecord,
  | 'title'
  | 'day'
  | 'postcode'
  | 'orderNumber'
  | 'customerType'
  | 'other'
  | 'weekNumber'
  | 'year'
  | 'orderInfo'
  | 'status'
  | 'trollies'
  | 'extras'
>;

/** What a new order starts with (docs/product.md#add-order). Week and year have no default here: the web
 * app fills in the current ISO week, the server requires them. */
export const ORDER_DEFAULTS = {
  title: '',
  day: 'monday',
  postcode: '',
  orderNumber: '',
  customerType: 'wholesale',
  other: 'none',
  orderInfo: '',
  status: '',
  trollies: '',
  extras: '',
} as const satisfies Omit<OrderFields, 'weekNumber' | 'year'>;

/** Longest text each field accepts; generous for real use, small enough to keep boards sane. */
export const ORDER_TEXT_LIMITS = {
  title: 200,
  postcode: 100,
  orderNumber: 100,
  orderInfo: 5000,
  trollies: 100,
  extras: 100,
} as const satisfies Partial<Record<keyof OrderFields, number>>;

export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;
