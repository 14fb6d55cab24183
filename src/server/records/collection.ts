import type { FieldError } from '#domain/validation';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { AuthContext } from '../auth/auth-context';
import type { LoginThrottle } from '../auth/login-throttle';
import type { PasswordHashCost } from '../auth/passwords';
import type { MailMessage } from '../mail/mailer';
import { validationFailed } from '../errors';
import type { UsersRepository } from '../users/users-repository';
import type { AccessRules } from './access-rules';
import type { ClientFields } from './client-fields';
import type { FieldMap, SqlDialect } from './filter/field-map';
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
  /** Sends a mail without waiting for it (sendInBackground). */
  sendMail: (message: MailMessage) => void;
}

/** Who is writing: a client through the API, or a trusted caller (auth flows, CLI, seed). */
export interface WriteContext {
  auth: AuthContext;
  /** Trusted callers may name any `user`; the access rules have been checked for clients only. */
  system: boolean;
  /** The client's address ('' for trusted callers), for the throttle of password checks. */
  address: string;
  deps: CollectionDeps;
}

/**
 * One PocketBase collection: its table, the fields clients may filter and sort on, how a row
 * becomes an API record, its access rules (as data) and its validation. The RecordService does
 * every write and read; the generic routes do the HTTP.
 */
export interface Collection {
  name: string;
  /** Stable collection id, as PocketBase puts in every record and token. */
  id: string;
  table: keyof Database;
  fields: FieldMap;
  toRecord(row: Row): Record<string, unknown>;
  /** Who may list, view, create, update and delete which records (access-rules.ts). */
  rules: AccessRules;
  /** The fields a client may send, and when; any other is refused by name (client-fields.ts). */
  clientFields: ClientFields;
  /** A sentence for refusing a field a client may not set, where "cannot be set here" says too little. */
  clientFieldReasons?: Readonly<Record<string, FieldError>>;
  /**
   * Checks the body; returns the columns of the new row (without id/created/updated), or
   * `NotStored` for a client's create that is answered as if made but must store nothing.
   */
  prepareCreate(body: unknown, context: WriteContext): Promise<Row | NotStored>;
  /** Checks the body against the existing row; returns the columns to change. */
  prepareUpdate(body: unknown, existing: Row, context: WriteContext): Promise<Row>;
  /** Deleting needs the team's deletion password (docs/decisions/020). */
  needsDeletePassword: boolean;
  /** Turns a unique-index violation into a field error, when the collection has unique fields. */
  describeConflict?(error: unknown): Record<string, { code: string; message: string }> | null;
}

/**
 * A create answered exactly as if it had been made, storing nothing: a sign-up for an e-mail
 * address that already has an account (docs/decisions/018). Only for clients' creates.
 */
export class NotStored {
  constructor(readonly row: Row) {}
}

export function parseJsonColumn<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string' || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const NOT_YOU = { code: 'validation_invalid_value', message: 'Records are saved in your own name; another user cannot be named here.' };

/**
 * The `user` a write may name (docs/decisions/005): a client may send none, itself, or (on update) the record's
 * current `user`; anyone else is refused with 400, never silently rewritten. Returns the `user`
 * the body named, if any. Trusted callers may name anyone.
 */
export function namedUser(body: unknown, context: WriteContext, existing?: Row): string | undefined {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).user : undefined;
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (context.system) return String(raw);
  const allowed = [context.auth.user?.id, existing?.user].filter((id): id is string => typeof id === 'string' && id !== '');
  if (typeof raw !== 'string' || !allowed.includes(raw)) throw validationFailed({ user: NOT_YOU });
  return raw;
}

/** The caller's id on a client write (the gate made sure there is one); '' for trusted callers. */
export function callerId(context: WriteContext): string {
  return context.auth.user?.id ?? '';
}
