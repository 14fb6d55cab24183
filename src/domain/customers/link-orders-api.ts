// The linking assistant's addresses (docs/decisions/066), apart from its planning rules
// (./link-plan.ts) so that the board, which only asks how many orders have no customer, does
// not carry them (docs/decisions/074).
/** The assistant's page in the web app (its route table names it from here; the import's report points at it). */
export const LINK_ORDERS_PAGE = '/link-orders';

/** How many orders of the nursery have no customer (the board's notice). */
export interface OrdersWithoutCustomer {
  orders: number;
}

/** The assistant's routes (docs/decisions/066); linking the exact matches is CUSTOMERS_API.matchOrders. */
export const LINK_ORDERS_API = {
  withoutCustomer: '/api/trolleyboard/customers/orders-without-customer',
  plan: '/api/trolleyboard/customers/link-plan',
  linkGroup: '/api/trolleyboard/customers/link-group',
  makeCustomers: '/api/trolleyboard/customers/make-from-orders',
} as const;
