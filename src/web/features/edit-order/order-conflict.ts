// When someone else saved an order while this user was editing it: what they changed, in staff's
// words, and the values to carry on from (theirs, except where this user typed something).
import { valueWords } from '#domain/collections/field-words';
import { tasks } from '#domain/collections/tasks';
import type { OrderFields } from '#domain/orders/order-fields';
import type { OrderRecord } from '#domain/records';
import { ORDER_FORM_FIELDS } from '../../components/orders/order-form';

/** The fields the form shows, in its order; their words come from the order's declaration. */
const FIELD_KEYS: readonly (keyof OrderFields)[] = ORDER_FORM_FIELDS;

/** The fields a user edits, taken from a record. */
export function fieldsOf(order: OrderRecord): OrderFields {
  const fields = {} as Record<keyof OrderFields, unknown>;
  for (const key of FIELD_KEYS) fields[key] = order[key];
  return fields as OrderFields;
}

/** A field's value as staff read it (a choice's words, "(empty)" for blank text). */
const shown = (key: keyof OrderFields, value: OrderFields[keyof OrderFields]): string => valueWords(tasks, key, value);

/** Someone else saved the order after this user opened it: the latest copy, and what they changed. */
export interface OrderConflict {
  latest: OrderRecord;
  /** One sentence per changed field, e.g. `Status changed from None to Working.` */
  changes: string[];
}

/** The conflict between the copy this user started from and the latest one. */
export function orderConflict(base: OrderRecord, latest: OrderRecord): OrderConflict {
  const changes = FIELD_KEYS.filter((key) => latest[key] !== base[key]).map(
    (key) => `${tasks.fields[key].label} changed from ${shown(key, base[key])} to ${shown(key, latest[key])}.`,
  );
  return { latest, changes };
}

/** The latest values for every field the user left as it was in `base`; what they typed stays. */
export function keepEditsOnLatest(current: OrderFields, base: OrderRecord, latest: OrderRecord): OrderFields {
  const merged = { ...current } as Record<keyof OrderFields, unknown>;
  for (const key of FIELD_KEYS) if (current[key] === base[key]) merged[key] = latest[key];
  return merged as OrderFields;
}
