// A customer's type (docs/product.md): the value and the word the screens, sheets and CSV files
// use. A type without its row does not compile (docs/decisions/059).

export const CUSTOMER_TYPES = ['wholesale', 'retail', 'missed', 'other'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export interface CustomerTypeEntry {
  label: string;
}

export const CUSTOMER_TYPE_TABLE = {
  wholesale: { label: 'Wholesale' },
  retail: { label: 'Retail' },
  missed: { label: 'Missed' },
  other: { label: 'Other' },
} as const satisfies Readonly<Record<CustomerType, CustomerTypeEntry>>;
