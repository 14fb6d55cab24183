// A record's history and its time in Deleted (docs/decisions/034): the shapes the API sends, and
// which fields a change is recorded for. The server writes an entry with every change, in the
// same transaction; the edit page and the Deleted page read them.

import { emptyFiles, type CollectionDeclaration, type Field } from '../collections/fields';

export const HISTORY_ACTIONS = ['create', 'update', 'delete', 'restore'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** How history names a change made by the operator's command line rather than a person. */
export const OPERATOR_NAME = 'operator (CLI)';

/** One field of one change: its value before (null when the record was added) and after. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** One change of one record, as the API sends it (GET /api/collections/{collection}/records/{id}/history). */
export interface HistoryEntry {
  id: string;
  collectionName: string;
  /** The id of the record that changed. */
  record: string;
  action: HistoryAction;
  /** When, as PocketBase writes times (`2026-03-02 09:12:00.000Z`). */
  at: string;
  /** The person's id; '' for the operator (command line). */
  by: string;
  /** Their username (today's, or as it was if the account is gone), or "operator (CLI)". */
  byName: string;
  /** For an update, each field that changed; for an add, each field given a value; else none. */
  changes: FieldChange[];
}

/** A record in Deleted, as the API sends it (GET /api/deleted). */
export interface DeletedEntry<R = Record<string, unknown>> {
  collectionName: string;
  /** The record as it was when it was deleted. */
  record: R;
  /** When it was deleted. */
  deleted: string;
  deletedBy: string;
  deletedByName: string;
  /** When it is purged for good unless restored first (DELETED_KEEP_DAYS after `deleted`). */
  purgeAfter: string;
}

/**
 * Whether a field's changes are recorded: every field the API shows except the ones the server
 * stamps with a person (who added it, who changed it last, the run's last saver), which the
 * entry's own `by` already says.
 */
function isTracked(field: Field): boolean {
  return !field.hidden && !(field.kind === 'relation' && field.stamp);
}

/** The fields whose changes are recorded, in the declared order. */
export function trackedFields(declaration: CollectionDeclaration): string[] {
  return Object.entries(declaration.fields)
    .filter(([, field]) => isTracked(field))
    .map(([name]) => name);
}

/** Values as the API shows them are equal (JSON fields compared by content). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What a change did to a record's tracked fields, both as the API shows them. For a new record
 * (`before` null) each field given a value other than its default, from null.
 */
export function fieldChanges(
  declaration: CollectionDeclaration,
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const name of trackedFields(declaration)) {
    const to = after[name];
    if (before === null) {
      const field = declaration.fields[name];
      // A new record without files starts empty, as one without a title starts with its default.
      const fallback = field?.kind === 'file' ? emptyFiles(field) : field && 'default' in field ? field.default : undefined;
      if (fallback === undefined || !sameValue(to, fallback)) changes.push({ field: name, from: null, to });
    } else if (!sameValue(before[name], to)) changes.push({ field: name, from: before[name], to });
  }
  return changes;
}
