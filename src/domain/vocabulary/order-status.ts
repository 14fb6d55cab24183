// An order's loading status (docs/product.md#weekly-board): the value, the word staff see and how
// it is drawn. The value list is written once, here; the table is checked against it, so a status
// without its row (or a row without its status) does not compile (docs/decisions/059).

import type { Tone } from './tone';

export const ORDER_STATUSES = ['', 'working', 'missed', 'pulled', 'loaded'] as const;
/** Loading status; "missed" is shown to staff as "Query". */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderStatusEntry {
  /** The word staff read: "missed" is "Query", no status is "None". */
  label: string;
  /** The icon's name; the web app keeps one drawing per name, checked by the compiler. */
  icon: string;
  tone: Tone;
}

/**
 * Pulled a tick, loaded a box with an arrow, working a key, missed (Query) a red question mark,
 * no status a plain circle.
 */
export const ORDER_STATUS_TABLE = {
  '': { label: 'None', icon: 'circle', tone: 'neutral' },
  working: { label: 'Working', icon: 'key-round', tone: 'warning' },
  missed: { label: 'Query', icon: 'circle-question-mark', tone: 'danger' },
  pulled: { label: 'Pulled', icon: 'check', tone: 'good' },
  loaded: { label: 'Loaded', icon: 'archive-arrow-up', tone: 'info' },
} as const satisfies Readonly<Record<OrderStatus, OrderStatusEntry>>;

/** The names of the status icons: the web app must draw each (a name without a drawing does not compile). */
export type StatusIconName = (typeof ORDER_STATUS_TABLE)[OrderStatus]['icon'];
