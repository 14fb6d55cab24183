import type { RawBuilder, SqlBool } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/auth-context';
import type { FieldMap, SqlDialect } from './filter/field-map';
import type { RecordStore, Row } from './record-store';

/** What a collection's rules may use besides the request. */
export interface CollectionDeps {
  store: RecordStore;
  dialect: SqlDialect;
  config: Config;
}

/**
 * One PocketBase collection: its table, the fields clients may filter and sort on, how a row
 * becomes an API record, and its access and validation rules. The generic routes do the HTTP.
 */
export interface Collection {
  name: string;
  /** Stable collection id, as PocketBase puts in every record and token. */
  id: string;
  table: keyof Database;
  fields: FieldMap;
  toRecord(row: Row): Record<string, unknown>;
  /** A condition limiting what this caller may list and view (null = all); throws when it may read nothing. */
  readScope(auth: AuthContext): RawBuilder<SqlBool> | null;
  /** Checks the caller and the body; returns the columns of the new row (without id/created/updated). */
  prepareCreate(body: unknown, auth: AuthContext, deps: CollectionDeps): Promise<Row>;
  /** Checks the caller and the body against the existing row; returns the columns to change. */
  prepareUpdate(body: unknown, existing: Row, auth: AuthContext, deps: CollectionDeps): Promise<Row>;
  /** Throws when the caller may not delete; `needsDeletePassword` adds the D4 check. */
  authorizeDelete(auth: AuthContext): void;
  needsDeletePassword: boolean;
  /** Turns a unique-index violation into a field error, when the collection has unique fields. */
  describeConflict?(error: unknown): Record<string, { code: string; message: string }> | null;
}

export function parseJsonColumn<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string' || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
