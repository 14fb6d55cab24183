// The words a collection is declared in, after PocketBase's collection schema: each field has a
// kind (text, number, bool, select, json, relation, date, password) and what the rest of the code
// needs to know about it — its default, limits, label, when a client may set it, whether filters
// may name it, whether the API shows it at all. One declaration per collection
// (src/domain/collections/*.ts); the record and input types, validation and defaults, the
// server's row <-> record mapping, the filter field map, the fields a client may set, the route
// body schemas and the web form's labels are all read from it (docs/decisions/029).
//
// Declarations are plain data made by the small functions below, so TypeScript keeps their
// literal types (`settable: 'never'`, `hidden: true`, a select's values) and the record types
// are computed from them rather than written out again.

import type { FieldError, TextLines } from '../validation';

/** When a client may send a field: only in a new record, only in a change, in both, or never (the server sets it). */
export type Settable = 'create' | 'update' | 'always' | 'never';

/** A field reader's answer: the value as stored, or the problem in PocketBase's field-error shape. */
export type FieldRead<T> = { ok: true; value: T } | { ok: false; error: FieldError };

/** A value JSON can hold. */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

interface FieldBase {
  /** The field's name on the web form and in messages, in the product's own words. */
  readonly label?: string;
  /** When a client may send it (docs/decisions/018); any other field in a body is refused by name. */
  readonly settable: Settable;
  /** Whether filters and sorts may name it (default: yes). Hidden fields never. */
  readonly filter?: boolean;
  /** Never in an API answer, a filter or a sort: password hashes and token keys. */
  readonly hidden?: boolean;
  /** Must have a value on create, and a text must not be blank whenever it is sent. */
  readonly required?: boolean;
  /** The sentence for refusing a client who sends it, where "cannot be set here" says too little. */
  readonly refusal?: FieldError;
  /**
   * Shown where another record names this one as the person who did something (PocketBase's
   * `presentable`): an account's username, never its e-mail address. See RelationField.expandAs.
   */
  readonly presentable?: boolean;
}

export interface TextField extends FieldBase {
  readonly kind: 'text';
  /** Most characters (not UTF-16 units); every text a client may set has one. */
  readonly max?: number;
  /** Only multi-line text may hold line breaks and tabs (an order's notes). Default single-line. */
  readonly lines?: TextLines;
  readonly default?: string;
  /** A trigram index narrows `~` on it (SQLite: the `<collection>_fts` table; PostgreSQL: pg_trgm). */
  readonly textIndex?: boolean;
}

export interface NumberField extends FieldBase {
  readonly kind: 'number';
  /** Whole numbers only: every number we store is one (an `integer` column). */
  readonly min?: number;
  readonly max?: number;
  readonly default?: number;
  /** Applied to a number read from a client before the range check (an old app's year 0 is 2024). */
  readonly normalize?: (value: number) => number;
}

export interface BoolField extends FieldBase {
  readonly kind: 'bool';
  readonly default: boolean;
}

export interface SelectField<V extends string = string> extends FieldBase {
  readonly kind: 'select';
  readonly values: readonly V[];
  readonly default?: V;
  /** How staff read each value (the form's options, the boards' labels). */
  optionLabel?(value: V): string;
  /** How a value reads in a sentence or a history line, when not as its option ("Weekly board"). */
  optionWords?(value: V): string;
}

export interface JsonField<T = unknown> extends FieldBase {
  readonly kind: 'json';
  /** Checks what a client sent and returns it in the stored shape; the messages are the collection's own. */
  readonly read: (raw: unknown) => FieldRead<T>;
  /**
   * The value when none is sent on create, and what the API shows for an empty or unreadable
   * column. Stored as its JSON text, except null, which is stored as ''.
   */
  readonly default: Json;
}

export interface RelationField extends FieldBase {
  readonly kind: 'relation';
  /**
   * The collection whose record's id this holds (PocketBase's `expand` follows it). A name, not a
   * CollectionName: the registry (registry.ts) sits above the declarations and refuses, at compile
   * time, a relation to a collection it does not list.
   */
  readonly collection: string;
  readonly default?: '';
  /**
   * Set by the server to the caller's id rather than by the client: on create only ('create', e.g.
   * an order's creator), or on every write ('write', e.g. a run's last saver). A client may name
   * itself (or, on update, the value already there); anyone else is refused. Trusted callers (the
   * operator CLI, the demo seed) may name anyone.
   */
  readonly stamp?: 'create' | 'write';
  /**
   * `presentable`: `expand` shows only the related record's presentable fields (who added or
   * changed an order: their username), to anyone who may see this record, whatever the related
   * collection's own view rule. Who did something is part of the record they did it to
   * (docs/decisions/034). Without it, the related collection's view rule decides (docs/decisions/029).
   */
  readonly expandAs?: 'presentable';
  /**
   * What of the caller a stamp sets: their id (default), or their nursery (every record's
   * `nursery`, docs/decisions/036). The same rule holds: a client may name only that value.
   */
  readonly stampWith?: 'id' | 'nursery';
}

/** A date and time as PocketBase writes it (`2026-03-02 08:00:00.000Z`), or '' for none. */
export interface DateField extends FieldBase {
  readonly kind: 'date';
  readonly default?: '';
}

/** A password: write-only, kept as a hash in `column`, checked by the collection's own rules. */
export interface PasswordField extends FieldBase {
  readonly kind: 'password';
  readonly column: string;
  readonly hidden: true;
}

/**
 * Files, as PocketBase keeps them (docs/decisions/043): the record holds the stored file names
 * (one name, or a list when `maxSelect` > 1); the bytes live in the file store and are served at
 * `/api/files/{collection}/{record}/{name}`. Sent as multipart parts; `field+` appends, `field-`
 * removes names, null or '' removes every file.
 */
export interface FileField extends FieldBase {
  readonly kind: 'file';
  /** 1: the value is one name ('' for none); more: a list of at most this many names. */
  readonly maxSelect: number;
  /** Bytes per file at most. */
  readonly maxSize: number;
  /** The types a file may have (`image/jpeg`, `application/pdf`); empty: any. */
  readonly mimeTypes: readonly string[];
  /** Served only with a file token (`?token=`) of someone who may view the record. */
  readonly protected?: boolean;
  /** What one file is called in messages ("The photo is larger than 5 MB."); default "file". */
  readonly noun?: string;
  /** Thumbnail sizes (`100x100`) clients may ask for; served as the original (docs/decisions/043). */
  readonly thumbs?: readonly string[];
}

export type Field = TextField | NumberField | BoolField | SelectField | JsonField | RelationField | DateField | PasswordField | FileField;
export type FieldKind = Field['kind'];

/**
 * An index a list query needs, or a unique rule. `on` names columns, or an expression such as
 * `lower(username)`, written as the database shows it back (schema-drift.test.ts compares them).
 */
export interface IndexDeclaration {
  readonly name: string;
  readonly on: readonly string[];
  readonly unique?: boolean;
  /** A partial index's condition, as SQL (`email != ''`): only rows where it holds are indexed. */
  readonly where?: string;
}

/** What a collection's own rules see besides the value read so far. */
export interface RefineContext {
  input: Readonly<Record<string, unknown>>;
  mode: 'create' | 'update';
  /** The stored record an update applies to (as the API shows it); undefined on create. */
  existing: Readonly<Record<string, unknown>> | undefined;
}

export interface CollectionDeclaration<
  Fields extends Readonly<Record<string, Field>> = Readonly<Record<string, Field>>,
  Name extends string = string,
> {
  /** The collection's name (and its table's); its literal type makes the registry's CollectionName. */
  readonly name: Name;
  /** Stable collection id, as PocketBase puts in every record and token. */
  readonly id: string;
  /** What a body of this collection is called in "The … could not be read." */
  readonly noun: string;
  /**
   * The fields after `id` and before `created` and `updated` (which every collection has), in the
   * order the API shows them.
   */
  readonly fields: Fields;
  readonly indexes: readonly IndexDeclaration[];
  /** Names a client may send that are no field of the record (users' `passwordConfirm`). */
  readonly bodyOnly?: Readonly<Record<string, Settable>>;
  /**
   * The collection's own rules, after every field was read on its own (an order's week must exist
   * in its year): may add errors, and change or drop values read.
   */
  readonly refine?: (value: Record<string, unknown>, errors: Record<string, FieldError>, context: RefineContext) => void;
  /**
   * Every change is kept (who, when, each field from → to), written with the change itself, and
   * deleting moves a record to Deleted for DELETED_KEEP_DAYS, from where it can be restored
   * (docs/decisions/034). Such a collection declares `created_by` and `updated_by`.
   */
  readonly trail?: boolean;
}

// ---- making fields (each keeps its options' literal types) ----

type Options<F extends Field> = Omit<F, 'kind'>;

export const text = <const O extends Options<TextField>>(options: O): O & { readonly kind: 'text' } => ({ kind: 'text', ...options });
export const number = <const O extends Options<NumberField>>(options: O): O & { readonly kind: 'number' } => ({
  kind: 'number',
  ...options,
});
export const bool = <const O extends Options<BoolField>>(options: O): O & { readonly kind: 'bool' } => ({ kind: 'bool', ...options });
export const date = <const O extends Options<DateField>>(options: O): O & { readonly kind: 'date' } => ({ kind: 'date', ...options });
export const password = <const O extends Options<PasswordField>>(options: O): O & { readonly kind: 'password' } => ({
  kind: 'password',
  ...options,
});

export const file = <const O extends Options<FileField>>(options: O): O & { readonly kind: 'file' } => ({ kind: 'file', ...options });

export function select<V extends string, const O extends Omit<Options<SelectField<V>>, 'values'>>(
  values: readonly V[],
  options: O,
): O & { readonly kind: 'select'; readonly values: readonly V[] } {
  return { kind: 'select', values, ...options };
}

export function json<T, const O extends Omit<Options<JsonField<T>>, 'read'>>(
  read: (raw: unknown) => FieldRead<T>,
  options: O,
): O & { readonly kind: 'json'; readonly read: (raw: unknown) => FieldRead<T> } {
  return { kind: 'json', read, ...options };
}

export function relation<const C extends string, const O extends Omit<Options<RelationField>, 'collection'>>(
  collection: C,
  options: O,
): O & { readonly kind: 'relation'; readonly collection: C } {
  return { kind: 'relation', collection, ...options };
}

/** Checks what TypeScript cannot (a settable text without a length limit) and returns the declaration as given. */
export function defineCollection<const Fields extends Readonly<Record<string, Field>>, const Name extends string>(
  declaration: CollectionDeclaration<Fields, Name>,
): CollectionDeclaration<Fields, Name> {
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (name === 'id' || name === 'created' || name === 'updated' || name === 'expand')
      throw new Error(`${declaration.name}.${name}: every collection has this field already`);
    if (field.kind === 'text' && field.settable !== 'never' && field.max === undefined)
      throw new Error(`${declaration.name}.${name}: a text a client may set needs a length limit (max)`);
    if (field.hidden && field.filter) throw new Error(`${declaration.name}.${name}: a hidden field cannot be filtered on`);
  }
  if (declaration.trail) {
    for (const name of ['created_by', 'updated_by']) {
      const field = declaration.fields[name];
      if (field?.kind !== 'relation' || field.settable !== 'never' || !field.stamp)
        throw new Error(`${declaration.name}.${name}: a collection with a trail declares ${name}, a relation the server stamps`);
    }
  }
  return declaration;
}

// ---- types read from a declaration ----

/** The value of a field as the API shows it. */
export type ValueOf<F> = F extends { kind: 'file'; maxSelect: 1 }
  ? string
  : F extends { kind: 'file' }
    ? string[]
    : F extends { kind: 'number' }
      ? number
      : F extends { kind: 'bool' }
        ? boolean
        : F extends { kind: 'select'; values: readonly (infer V)[] }
          ? V
          : F extends { kind: 'json'; read: (raw: unknown) => FieldRead<infer T>; default: infer D }
            ? [D] extends [null]
              ? T | null
              : T
            : string;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

type FieldsOfDeclaration<C> = C extends CollectionDeclaration<infer Fields> ? Fields : never;

/** Fields every record carries. Timestamps look like `2026-11-21 10:04:05.123Z`. */
export interface BaseRecord {
  id: string;
  collectionId: string;
  collectionName: string;
  created: string;
  updated: string;
}

/** A record as the API sends it: the base fields and every field that is not hidden. */
export type RecordOf<C> = Flatten<
  BaseRecord & {
    -readonly [K in keyof FieldsOfDeclaration<C> as FieldsOfDeclaration<C>[K] extends { hidden: true } ? never : K]: ValueOf<
      FieldsOfDeclaration<C>[K]
    >;
  }
>;

/** Whether a client fills a field in (a form's field): shown, settable, and not stamped by the server. */
// Files are sent as uploads (the file store's own path, docs/decisions/043), never as a form's value.
type IsEditable<F> = F extends
  { hidden: true } | { settable: 'never' } | { stamp: 'create' | 'write' } | { kind: 'password' } | { kind: 'file' }
  ? false
  : true;

/**
 * The fields a client fills in, with the values it sends once read: an order's title, week and
 * so on, but not its creator (stamped by the server), `id` or timestamps.
 */
export type EditableOf<C> = Flatten<{
  -readonly [K in keyof FieldsOfDeclaration<C> as IsEditable<FieldsOfDeclaration<C>[K]> extends true ? K : never]: ValueOf<
    FieldsOfDeclaration<C>[K]
  >;
}>;

/** A field's default when it has one. */
type DefaultOf<F> = F extends { default: infer D } ? (F extends { kind: 'json' } ? ValueOf<F> : D) : never;

/** The editable fields that have a default, and their defaults. */
export type DefaultsOf<C> = Flatten<{
  -readonly [
    K in keyof FieldsOfDeclaration<C> as IsEditable<FieldsOfDeclaration<C>[K]> extends true
      ? FieldsOfDeclaration<C>[K] extends { default: unknown }
        ? K
        : never
      : never
  ]: DefaultOf<FieldsOfDeclaration<C>[K]>;
}>;

// ---- reading a declaration ----

/** Whether a client fills the field in (see EditableOf). */
export function isEditable(field: Field): boolean {
  return !field.hidden && field.settable !== 'never' && !(field.kind === 'relation' && field.stamp) && field.kind !== 'file';
}

/** The defaults a new record's editable fields start with. */
export function defaultsOf<C extends CollectionDeclaration>(declaration: C): DefaultsOf<C> {
  const defaults: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (isEditable(field) && 'default' in field && field.default !== undefined) defaults[name] = field.default;
  }
  return defaults as DefaultsOf<C>;
}

/** Whether a file field holds a list of names (stored as JSON text) rather than one name. */
export function isMultiFile(field: FileField): boolean {
  return field.maxSelect > 1;
}

/** A file field's value when it holds no file, also its column's default. */
export function emptyFiles(field: FileField): string | string[] {
  return isMultiFile(field) ? [] : '';
}

/** The column a field is stored in: its own name, except a password (its hash's column). */
export function columnOf(name: string, field: Field): string {
  return field.kind === 'password' ? field.column : name;
}

/** A select's choices with the words staff read, in the declared order. */
export function optionsOf<V extends string>(field: SelectField<V>): Array<{ value: V; label: string }> {
  return field.values.map((value) => ({ value, label: field.optionLabel?.(value) ?? value }));
}
