import { CUSTOMER_TYPE_TABLE, type CustomerType, type PickSheetTone } from '../vocabulary/customer-type';

export type { PickSheetTone };

/** The colour of an order's line on the pick sheet (docs/product.md#pick-sheet): retail blue, other red, missed
 * magenta, wholesale the default text colour, as the customer type's row gives it. */
export function pickSheetTone(customerType: CustomerType): PickSheetTone {
  // A stored value with no row (not a customer type) prints in the default colour.
  return Object.hasOwn(CUSTOMER_TYPE_TABLE, customerType) ? CUSTOMER_TYPE_TABLE[customerType].pickSheetTone : 'default';
}
