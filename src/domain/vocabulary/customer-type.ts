// A customer's type (docs/product.md): the value, the word the screens, sheets and CSV files use,
// and the colour of an order's line by it. A type without its row does not compile
// (docs/decisions/059).

export const CUSTOMER_TYPES = ['wholesale', 'retail', 'missed', 'other'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** Colours a line can take; the web app maps each to its palette. */
export type LineColour = 'default' | 'blue' | 'green' | 'fuchsia' | 'orange' | 'red';

/** The colour of an order's line on the pick sheet; screens and the PDF map it to their colours. */
export type PickSheetTone = 'blue' | 'red' | 'magenta' | 'default';

export interface CustomerTypeEntry {
  label: string;
  /** The title's colour on the holding list and the boards (docs/product.md#weekly-board). */
  lineColour: LineColour;
  /** The line's colour on the pick sheet (docs/product.md#pick-sheet). */
  pickSheetTone: PickSheetTone;
}

export const CUSTOMER_TYPE_TABLE = {
  wholesale: { label: 'Wholesale', lineColour: 'default', pickSheetTone: 'default' },
  retail: { label: 'Retail', lineColour: 'blue', pickSheetTone: 'blue' },
  missed: { label: 'Missed', lineColour: 'fuchsia', pickSheetTone: 'magenta' },
  other: { label: 'Other', lineColour: 'green', pickSheetTone: 'red' },
} as const satisfies Readonly<Record<CustomerType, CustomerTypeEntry>>;
