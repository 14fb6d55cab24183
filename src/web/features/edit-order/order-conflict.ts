// When someone else saved an order while this user was editing it: what they changed, in staff's
// words, and the values to carry on from (theirs, except where this user typed something).
import { boardTypeLabel, customerTypeLabel, dayLabel, statusLabel } from '#domain/orders/format';
import type { OrderFields } from '#domain/orders/order-fields';
import type { OrderRecord } from '#domain/records';

const FIELD_NAMES: Record<keyof OrderFields, string> = {
  title: 'Customer name',
  postcode: 'Postcode',
  orderNumber: 'Order number',
  customerType: 'Customer type',
  day: 'Day',
  other: 'Board type',
  weekNumber: 'Week number',
  year: 'Year',
  status: 'Status',
  trollies: 'Trollies',
  extras: 'Extras',
  orderInfo: 'Additional Info',
};
const FIELD_KEYS = Object.keys(FIELD_NAMES) as (keyof OrderFields)[];

/** The fields a user edits, taken from a record. */
export function fieldsOf(order: OrderRecord): OrderFields {
  const fields = {} as Record<keyof OrderFields, unknown>;
  for (const key of FIELD_KEYS) fields[key] = order[key];
  return fields as OrderFields;
}

/** A field's value as staff read it (labels, "(empty)" for blank text). */
function shown(key: keyof OrderFields, value: OrderFields[keyof OrderFields]): string {
  if (key === 'status') return statusLabel(String(value)) || 'None';
  if (key === 'day') return dayLabel(value as OrderFields['day']);
  if (key === 'customerType') return customerTypeLabel(value as OrderFields['customerType']);
  if (key === 'other') return boardTypeLabel(value as OrderFields['other']);
  const text = String(value);
  return text.trim() === '' ? '(empty)' : `"${text}"`;
}

/** Someone else saved the order after this user opened it: the latest copy, and what they changed. */
export interface OrderConflict {
  latest: OrderRecord;
  /** One sentence per changed field, e.g. `Status changed from None to Working.` */
  changes: string[];
}

/** The conflict between the copy this user started from and the latest one. */
export function orderConflict(base: OrderRecord, latest: OrderRecord): OrderConflict {
  const changes = FIELD_KEYS.filter((key) => latest[key] !== base[key]).map(
    (key) => `${FIELD_NAMES[key]} changed from ${shown(key, base[key])} to ${shown(key, latest[key])}.`,
  );
  return { latest, changes };
}

/** The latest values for every field the user left as it was in `base`; what they typed stays. */
export function keepEditsOnLatest(current: OrderFields, base: OrderRecord, latest: OrderRecord): OrderFields {
  const merged = { ...current } as Record<keyof OrderFields, unknown>;
  for (const key of FIELD_KEYS) if (current[key] === base[key]) merged[key] = latest[key];
  return merged as OrderFields;
}
