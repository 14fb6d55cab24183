import { CUSTOMER_TYPE_TABLE, type CustomerType, type LineColour } from '../vocabulary/customer-type';
import type { OrderFields } from './order-fields';

export type { LineColour };

/** A title coloured by customer type (holding list): retail blue, other green, missed fuchsia (its table row). */
export function customerTypeColour(customerType: CustomerType): LineColour {
  // A stored value with no row (not a customer type) is drawn in the default colour.
  return Object.hasOwn(CUSTOMER_TYPE_TABLE, customerType) ? CUSTOMER_TYPE_TABLE[customerType].lineColour : 'default';
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
