// The shapes of PocketBase data as the import reads it (read-pocketbase.ts) and maps it
// (map-records.ts): a collection's fields, whichever layout described them, and a record's values.

export interface PbField {
  name: string;
  /** text, number, bool, email, url, date, select, json, file, relation, editor, password ... */
  type: string;
  /** For select, relation and file fields; null when not said (one value). */
  maxSelect: number | null;
}

export interface PbCollection {
  id: string;
  name: string;
  /** base, auth or view. */
  type: string;
  fields: readonly PbField[];
}

/** One record, each column decoded (read-pocketbase.ts decode). */
export type PbRecord = Record<string, unknown>;
