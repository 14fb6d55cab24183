import type { CollectionDeclaration, Field, RelationField } from '#domain/collections/fields';
import type { CollectionName } from '#domain/collections/registry';
import { validateInput } from '#domain/collections/validate-input';
import type { FieldError } from '#domain/validation';
import type { TObject } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/auth-context';
import type { LoginThrottle } from '../auth/login-throttle';
import type { PasswordHashCost } from '../auth/passwords';
import type { Outbox } from '../mail/outbox';
import { validationFailed } from '../errors';
import type { UsersRepository } from '../users/users-repository';
import type { AccessRules } from './access-rules';
import { bodySchemaOf } from './body-schema';
import type { ClientFields } from './client-fields';
import type { FieldMap, FieldSpec, FieldType, SqlDialect } from './filter/field-map';
import type { RecordBody } from './record-body';
import { recordMapping, type ApiRecord } from './record-mapping';
import type { WriteBatch } from './write-batch';
import type { RecordStore, Row } from './record-store';

/** What a collection's validation may use besides the body. */
export interface CollectionDeps {
  store: RecordStore;
  users: UsersRepository;
  dialect: SqlDialect;
  config: Config;
  /** The server's clock; rules never call `new Date()` themselves. */
  now: () => Date;
  passwordHashCost: PasswordHashCost;
  /** Failed password checks per (address, account), shared with sign-in. */
  loginThrottle: LoginThrottle;
  /** Every mail goes through it, counted against the mail limits (docs/decisions/055). */
  outbox: Pick<Outbox, 'send' | 'sendQuietly'>;
}

/** Who is writing: a client through the API, or a trusted caller (auth flows, CLI, seed). */
export interface WriteContext {
  auth: AuthContext;
  /** Trusted callers may name any user in a stamped relation; the access rules have been checked for clients only. */
  system: boolean;
  /** The client's address ('' for trusted callers), for the throttle of password checks. */
  address: string;
  deps: CollectionDeps;
}

/**
 * One PocketBase collection as the server serves it: its declaration (src/domain/collections) and
 * everything read from it — the filter field map, the row <-> record mapping, the fields a client
 * may set, the route body schemas, the relations `expand` follows — with the server's own parts:
 * access rules (as data) and the checks that need the database. The RecordService does every
 * write and read; the generic routes do the HTTP.
 */
export interface Collection {
  declaration: CollectionDeclaration;
  name: string;
  /** Stable collection id, as PocketBase puts in every record and token. */
  id: string;
  table: keyof Database;
  /** The fields filters and sorts may name, with their columns. */
  fields: FieldMap;
  toRecord(row: Row): ApiRecord;
  toRow(values: Readonly<Record<string, unknown>>): Row;
  /** Who may list, view, create, update and delete which records (access-rules.ts). */
  rules: AccessRules;
  /** The fields a client may send, and when; any other is refused by name (client-fields.ts). */
  clientFields: ClientFields;
  /** Every name a record of this collection shows (for "cannot be set" rather than "no such field"). */
  shownFields: readonly string[];
  /** A sentence for refusing a field a client may not set, where "cannot be set here" says too little. */
  clientFieldReasons: Readonly<Record<string, FieldError>>;
  /** The body the create and update routes accept. */
  bodySchema: { create: TObject; update: TObject };
  /** Relation fields and the collection each one's ids belong to (what `expand` may follow). */
  relations: Readonly<Record<string, string>>;
  /**
   * Checks the body; returns the columns of the new row (without id/created/updated), `CreateWith`
   * when records of other collections must be made with it (a sign-up's new nursery), or
   * `NotStored` for a client's create that is answered as if made but must store nothing.
   */
  prepareCreate(body: RecordBody, context: WriteContext): Promise<Row | CreateWith | NotStored | DecidedInWrite>;
  /**
   * Checks the body against the existing row; returns the columns to change, or `DecidedInWrite`
   * when some are decided in the write's own transaction.
   */
  prepareUpdate(body: RecordBody, existing: Row, context: WriteContext): Promise<Row | DecidedInWrite>;
  /** Deleting needs the team's deletion password (docs/decisions/020). */
  needsDeletePassword: boolean;
  /** A client may choose a new record's id (docs/decisions/047): not for sign-ups and nurseries. */
  acceptsChosenId: boolean;
  /** Turns a unique-index violation into a field error, when the collection has unique fields. */
  describeConflict?(error: unknown): Record<string, FieldError> | null;
  /** A client's create or update checked inside its transaction, after the write (ServerParts.checkWritten). */
  checkWritten?: ServerParts['checkWritten'];
  /** A delete checked inside its transaction, before the row goes (ServerParts.checkRemove). */
  checkRemove?: ServerParts['checkRemove'];
  /**
   * Why a record cannot come back from Deleted as it is (a run's name taken since), in a
   * sentence; null when it can. Only collections with a trail (docs/decisions/034).
   */
  restoreConflict?(row: Row, store: RecordStore): Promise<string | null>;
  /**
   * The nursery a record (as the API shows it) belongs to: its `nursery`, or a nursery's own id.
   * Realtime and the list cache keep each nursery's changes apart by it (docs/decisions/036).
   */
  nurseryOf(record: Readonly<Record<string, unknown>>): string;
}

/**
 * A new record that needs records of other collections made first, in the same transaction (a
 * sign-up's new nursery): each with its id already chosen, so the new record can refer to it.
 */
export class CreateWith {
  constructor(
    readonly row: Row,
    readonly first: ReadonlyArray<{ collection: string; row: Row & { id: string } }>,
    /** Written in the same transaction once the record is in (the invitation a sign-up used); throwing undoes it all. */
    readonly within?: (batch: WriteBatch, row: Row) => Promise<void>,
  ) {}
}

/**
 * A create answered exactly as if it had been made, storing nothing: a sign-up for an e-mail
 * address that already has an account (docs/decisions/018). Only for clients' creates.
 */
export class NotStored {
  constructor(readonly row: Row) {}
}

/**
 * Columns of a record decided in its write's own transaction, from what the database holds then
 * (an order's customer, found or made from its name: docs/decisions/062). Reads and locks go
 * through `batch`, which may also make other records. Throwing undoes the whole write.
 */
export type DecideInWrite = (batch: WriteBatch) => Promise<Row>;

/** A create's new row or an update's changes, with columns still to be decided in the write's transaction. */
export class DecidedInWrite {
  constructor(
    readonly row: Row,
    readonly decide: DecideInWrite,
  ) {}
}

/** The server's own parts of a collection; the rest is read from its declaration. */
export interface ServerParts {
  rules: AccessRules;
  needsDeletePassword: boolean;
  /**
   * Checks that need the database or the clock, after the body was read and the stamped relations
   * set: `values` are the new record's values by field name. Throws an ApiError to refuse; may
   * return values the server sets besides (an invitation's token hash and expiry).
   */
  beforeCreate?(values: Readonly<Record<string, unknown>>, context: WriteContext): Promise<void | Readonly<Record<string, unknown>>>;
  /**
   * Columns to decide in the write's own transaction, from the body and the record as it will be
   * (for an update, the existing values with the changes); null when there are none.
   */
  decideInWrite?(body: RecordBody, values: Readonly<Record<string, unknown>>, context: WriteContext): DecideInWrite | null;
  /** Replaces the generic create (users: sign-up has rules of its own). */
  prepareCreate?: Collection['prepareCreate'];
  /** Replaces the generic update. */
  prepareUpdate?: Collection['prepareUpdate'];
  describeConflict?: Collection['describeConflict'];
  restoreConflict?: Collection['restoreConflict'];
  /**
   * Checks that must see a client's create or update inside its transaction, once the row is
   * written and the database's triggers have run (a customer's balance after a return,
   * docs/decisions/065): `body` is what the client sent. Throws an ApiError to refuse, which
   * undoes the write.
   */
  checkWritten?(written: WrittenRow, body: RecordBody, context: WriteContext): Promise<void>;
  /**
   * Checks a delete inside its transaction, before the row goes (a round customers are still on,
   * docs/decisions/076): `db` is the transaction, so what it reads cannot change before the delete
   * commits on SQLite. Throws an ApiError to refuse, which deletes nothing.
   */
  checkRemove?(row: Row, db: Kysely<Database>): Promise<void>;
}

/** A row as a client's write left it, seen from inside that write's transaction. */
export interface WrittenRow {
  /** The transaction: its reads see the write and what triggers made of it. */
  db: Kysely<Database>;
  dialect: SqlDialect;
  /** The row before an update; null for a create. */
  before: Row | null;
  after: Row;
}

const NOT_YOU = { code: 'validation_invalid_value', message: 'Records are saved in your own name; another user cannot be named here.' };
const NOT_YOUR_NURSERY = {
  code: 'validation_invalid_value',
  message: 'Records belong to your own nursery; another nursery cannot be named here.',
};

const BASE_FIELD_MAP: FieldMap = {
  id: { column: 'id', type: 'text' },
  created: { column: 'created', type: 'date' },
  updated: { column: 'updated', type: 'date' },
};

const FILTER_TYPE: Readonly<Record<Field['kind'], FieldType>> = {
  text: 'text',
  select: 'text',
  number: 'number',
  bool: 'bool',
  json: 'json',
  relation: 'relation',
  date: 'date',
  // Never in a filter (hidden), listed for completeness.
  password: 'text',
  // The stored names: a single file's is text, several files' a JSON list.
  file: 'text',
};

/** The fields filters and sorts may name: the base fields and every declared one that is not hidden or turned off. */
export function fieldMapOf(declaration: CollectionDeclaration): FieldMap {
  const map: Record<string, FieldSpec> = { ...BASE_FIELD_MAP };
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (field.hidden || field.filter === false) continue;
    const spec: { -readonly [K in keyof FieldSpec]: FieldSpec[K] } = { column: name, type: FILTER_TYPE[field.kind] };
    if (field.kind === 'text') {
      // What a condition on the field may read per record (filter-cost.ts).
      if (field.max !== undefined) spec.maxLength = field.max;
      // Search: the trigram index of migrations 003 and 005.
      if (field.textIndex) spec.textIndex = { ftsTable: `${declaration.name}_fts`, ftsColumn: name };
    }
    map[name] = spec;
  }
  return map;
}

/** When a client may send each field (and each body-only name, such as a password's confirmation). */
export function clientFieldsOf(declaration: CollectionDeclaration): ClientFields {
  const fields: Record<string, ClientFields[string]> = {};
  for (const [name, field] of Object.entries(declaration.fields)) if (field.settable !== 'never') fields[name] = field.settable;
  for (const [name, settable] of Object.entries(declaration.bodyOnly ?? {})) if (settable !== 'never') fields[name] = settable;
  return fields;
}

function stampedRelations(declaration: CollectionDeclaration): Array<[string, RelationField]> {
  return Object.entries(declaration.fields).filter((entry): entry is [string, RelationField] => {
    const field = entry[1];
    return field.kind === 'relation' && field.stamp !== undefined;
  });
}

/**
 * The values of the relations the server stamps with the caller (an order's creator, a run's last
 * saver, docs/decisions/005; every record's nursery, docs/decisions/036). A client may name none,
 * itself (its own nursery), or (on update) the value already there: anything else is refused with
 * 400, never silently rewritten. A `create` stamp keeps its value on update, a `write` stamp
 * becomes the caller on every client write. Trusted callers may name anyone.
 */
function stampsOf(declaration: CollectionDeclaration, body: RecordBody, context: WriteContext, existing?: Row): Record<string, string> {
  const stamps: Record<string, string> = {};
  for (const [name, field] of stampedRelations(declaration)) {
    const caller = (field.stampWith === 'nursery' ? context.auth.user?.nursery : context.auth.user?.id) ?? '';
    if (field.settable === 'never') {
      // Who added or changed it (docs/decisions/034): the caller, whoever they are, never a body;
      // '' for trusted callers (the operator), whom history names instead. Clients naming it were
      // refused already, unless they sent back its current value.
      if (existing === undefined || field.stamp === 'write') stamps[name] = caller;
      continue;
    }
    const raw = body[name];
    const named = raw === undefined || raw === null || raw === '' ? undefined : raw;
    const current = existing === undefined ? undefined : String(existing[name] ?? '');
    if (named !== undefined && !context.system) {
      const allowed = [caller, current].filter((id) => id !== undefined && id !== '');
      if (typeof named !== 'string' || !allowed.includes(named))
        throw validationFailed({ [name]: field.stampWith === 'nursery' ? NOT_YOUR_NURSERY : NOT_YOU });
    }
    if (existing === undefined) stamps[name] = named === undefined ? caller : String(named);
    // A record of no nursery would be nobody's: the server's own writes must name one.
    if (field.stampWith === 'nursery' && existing === undefined && stamps[name] === '')
      throw new Error(`${declaration.name}: a new record must belong to a nursery (name it in a trusted create)`);
    else if (field.stamp === 'write') stamps[name] = context.system ? (named === undefined ? (current ?? '') : String(named)) : caller;
  }
  return stamps;
}

/**
 * A relation a client names (an order's customer) must be a record of the caller's own nursery:
 * otherwise an id learned elsewhere would tie a record to another nursery's. Refused with the same
 * sentence whether the record is another nursery's or does not exist, so it says nothing about
 * which ids exist (docs/decisions/037). A value a record already holds is not checked again.
 */
async function checkNamedRelations(
  declaration: CollectionDeclaration,
  values: Readonly<Record<string, unknown>>,
  context: WriteContext,
  existing?: Row,
): Promise<void> {
  if (context.system) return;
  const errors: Record<string, FieldError> = {};
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (field.kind !== 'relation' || field.stamp !== undefined) continue;
    const value = values[name];
    if (typeof value !== 'string' || value === '' || (existing !== undefined && String(existing[name] ?? '') === value)) continue;
    const related = await context.deps.store.findById(field.collection, value);
    const nursery = context.auth.user?.nursery ?? '';
    if (!related || String(related.nursery ?? '') !== nursery)
      errors[name] = {
        code: 'validation_missing_rel_records',
        message: `${field.label ?? name} not found in your nursery. Choose one from the list.`,
      };
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** Builds a served collection from its declaration and the server's own parts. */
export function serverCollection<N extends CollectionName>(
  declaration: CollectionDeclaration<Readonly<Record<string, Field>>, N>,
  parts: ServerParts,
): Collection & { name: N } {
  const mapping = recordMapping(declaration);
  const relations: Record<string, string> = {};
  const reasons: Record<string, FieldError> = {};
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (field.kind === 'relation') relations[name] = field.collection;
    if (field.refusal) reasons[name] = field.refusal;
  }
  const hasNursery = Object.hasOwn(declaration.fields, 'nursery');
  const shownFields = ['id', 'collectionId', 'collectionName', 'created', 'updated'];
  for (const [name, field] of Object.entries(declaration.fields)) if (!field.hidden) shownFields.push(name);

  const collection: Collection & { name: N } = {
    declaration,
    name: declaration.name,
    id: declaration.id,
    table: declaration.name,
    fields: fieldMapOf(declaration),
    toRecord: mapping.toRecord,
    toRow: mapping.toRow,
    rules: parts.rules,
    clientFields: clientFieldsOf(declaration),
    shownFields,
    clientFieldReasons: reasons,
    bodySchema: { create: bodySchemaOf(declaration, 'create'), update: bodySchemaOf(declaration, 'update') },
    relations,
    needsDeletePassword: parts.needsDeletePassword,
    acceptsChosenId: parts.prepareCreate === undefined,
    describeConflict: parts.describeConflict,
    restoreConflict: parts.restoreConflict,
    checkWritten: parts.checkWritten,
    checkRemove: parts.checkRemove,
    nurseryOf: (record) => String((declaration.name === 'nurseries' ? record.id : hasNursery ? record.nursery : '') ?? ''),
    prepareCreate:
      parts.prepareCreate ??
      (async (body, context) => {
        const stamps = stampsOf(declaration, body, context);
        const result = validateInput(declaration, body, 'create');
        if (!result.ok) throw validationFailed(result.errors);
        const values = { ...result.value, ...stamps };
        await checkNamedRelations(declaration, values, context);
        const set = await parts.beforeCreate?.(values, context);
        const row = mapping.toRow({ ...values, ...set });
        const decide = parts.decideInWrite?.(body, { ...values, ...set }, context);
        return decide ? new DecidedInWrite(row, decide) : row;
      }),
    prepareUpdate:
      parts.prepareUpdate ??
      (async (body, existing, context) => {
        const stamps = stampsOf(declaration, body, context, existing);
        const result = validateInput(declaration, body, 'update', mapping.toRecord(existing));
        if (!result.ok) throw validationFailed(result.errors);
        await checkNamedRelations(declaration, result.value, context, existing);
        const changes = mapping.toRow({ ...result.value, ...stamps });
        const decide = parts.decideInWrite?.(body, { ...mapping.toRecord(existing), ...result.value, ...stamps }, context);
        return decide ? new DecidedInWrite(changes, decide) : changes;
      }),
  };
  return collection;
}
