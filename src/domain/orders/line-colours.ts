import type { CustomerType } from '../vocabulary/customer-type';
import type { OrderFields } from './order-fields';

/** Colours a line can take; the web app maps each to its palette. */
export type LineColour = 'default' | 'blue' | 'green' | 'fuchsia' | 'orange' | 'red';

const CUSTOMER_TYPE_COLOURS: Record<CustomerType, LineColour> = {
  wholesale: 'default',
  retail: 'blue',
  other: 'green',
  missed: 'fuchsia',
};

/** A title coloured by customer type (holding list): retail blue, other green, missed fuchsia. */
export function customerTypeColour(customerType: CustomerType): LineColour {
  return CUSTOMER_TYPE_COLOURS[customerType] ?? 'default';
}

/**
 * A line's colour on the weekly or collect board (docs/product.md#weekly-board): a collect order is orange;
 * otherwise by customer type, retail blue, other green, missed fuchsia. In selection (map-edit)
 * mode, retail is blue and other is red.
 */
export function boardLineColour(order: Pick<OrderFields, 'customerType' | 'other'>, isSelectionMode: boolean): LineColour {
  if (isSelectionMode && order.customerType === 'other') return 'red';
  if (isSelectionMode && order.customerType === 'retail') return 'blue';
  if (order.other === 'collect') return 'orange';
  return customerTypeColour(order.customerType);
}
