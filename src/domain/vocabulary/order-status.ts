// An order's loading status (docs/product.md): the value, the word staff see and how it is drawn.
// The value list is written once, here; the table is checked against it, so a status without its
// row (or a row without its status) does not compile (docs/decisions/059).

export const ORDER_STATUSES = ['', 'working', 'missed', 'pulled', 'loaded'] as const;
/** Loading status; "missed" is shown to staff as "Query". */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderStatusEntry {
  /** The word staff read: "missed" is "Query", no status is "None". */
  label: string;
}

export const ORDER_STATUS_TABLE = {
  '': { label: 'None' },
  working: { label: 'Working' },
  missed: { label: 'Query' },
  pulled: { label: 'Pulled' },
  loaded: { label: 'Loaded' },
} as const satisfies Readonly<Record<OrderStatus, OrderStatusEntry>>;
