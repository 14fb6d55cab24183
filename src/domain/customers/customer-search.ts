// Search's customers (docs/product.md#search, docs/decisions/037): the customers whose name,
// postcode or pool account number contain the typed text, ignoring case, by name. Their ids then
// go into the orders' search (`searchList`), so a customer's orders are found by its name.
import { literalContains, SEARCHED_CUSTOMERS, type ListFilter } from '../orders/order-lists';

/** The customer fields search looks in, in the order a result names where it matched. */
export const SEARCHED_CUSTOMER_FIELDS = ['name', 'postcode', 'poolAccount'] as const;

export interface CustomerSearch {
  filter: ListFilter;
  sort: 'name';
  /** The most customers asked for: those whose orders the orders' search includes. */
  limit: number;
}

/**
 * The customers a search text (trimmed) finds. The text is literal, as for orders (`%` and `_`
 * are ordinary characters). On the server this reads one nursery's customers in name order
 * through the index that leads with the nursery, and stops at `limit`.
 */
export function customerSearch(text: string): CustomerSearch {
  const expression = SEARCHED_CUSTOMER_FIELDS.map((field) => `${field} ~ {:text}`).join(' || ');
  return { filter: { expression, params: { text: literalContains(text.trim()) } }, sort: 'name', limit: SEARCHED_CUSTOMERS };
}
