// A field and its values in staff's words, read from the collection's declaration: the edit
// page's conflict notice ("Status changed from None to Working.") and a record's history
// ("Status: None → Pulled") say them alike.

import { optionsOf, type CollectionDeclaration } from './fields';

/** Longest text shown whole; longer is cut with "…" (an order's notes may run to 5,000 characters). */
const SHOWN_TEXT = 120;

/** The field's label ("Customer name"), or its name in words when it has none ("Vehicle info"). */
export function fieldLabel(declaration: CollectionDeclaration, name: string): string {
  const label = declaration.fields[name]?.label;
  if (label) return label;
  const spaced = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1).toLowerCase();
}

/**
 * A value as staff read it: a choice's words ("Query"), numbers as they are, text in quotes and
 * "(empty)" for blank, lists by their length ("3 entries").
 */
export function valueWords(declaration: CollectionDeclaration, name: string, value: unknown): string {
  const field = declaration.fields[name];
  if (field?.kind === 'select') {
    const option = optionsOf(field).find((choice) => choice.value === value);
    if (!option) return String(value);
    return field.optionWords?.(option.value) ?? option.label;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 1 ? '1 entry' : `${value.length} entries`;
  if (value === null || value === undefined) return '(empty)';
  if (typeof value === 'object') return '(details)';
  const text = String(value);
  if (text.trim() === '') return '(empty)';
  return `"${text.length > SHOWN_TEXT ? `${text.slice(0, SHOWN_TEXT - 1)}…` : text}"`;
}
