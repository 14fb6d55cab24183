// Reading a label from a vocabulary table by a value that came from outside (a stored record, a
// route, a CSV cell), which the type system cannot vouch for.

/** The row's label, or undefined when `value` has no row (an unknown value is shown as it is). */
export function labelOf<Value extends string>(table: Readonly<Record<Value, { label: string }>>, value: string): string | undefined {
  return Object.hasOwn(table, value) ? table[value as Value].label : undefined;
}
