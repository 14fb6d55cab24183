import type { CustomerType } from '../vocabulary/customer-type';

/** The colour of an order's line on the pick sheet (docs/product.md#pick-sheet): retail blue, other red, missed
 * magenta, wholesale the default text colour. Screens and the PDF map the tone to their colours. */
export type PickSheetTone = 'blue' | 'red' | 'magenta' | 'default';

const TONES: Record<CustomerType, PickSheetTone> = {
  retail: 'blue',
  other: 'red',
  missed: 'magenta',
  wholesale: 'default',
};

export function pickSheetTone(customerType: CustomerType): PickSheetTone {
  return TONES[customerType];
}
