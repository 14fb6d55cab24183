// Who may do what with a collection's records, declared once as data (docs/decisions/009).
//
// Each action (list, view, create, update, delete) has
// - a gate: checks on the caller alone, in PocketBase rule syntax over `@request.auth.*`, each with
//   the status and message a caller who fails it gets (401 sign in, 403 verify, 403 terms);
// - a condition: a PocketBase rule over the record (it may use `@request.auth.*`), e.g.
//   `user = @request.auth.id`; records outside it are answered as missing (404), never revealed;
// - or a deny message for an action nobody may do.
//
// A rule is parsed once. Per caller, the `@request.auth.*` operands are replaced by the caller's
// values and every comparison of two values is decided there and then (constant folding). What
// is left is compiled by compileFilter to SQL for lists and lookups, and by compilePredicate to a
// predicate over one record for realtime events and deleted records: one rule, two forms that the
// consistency test (access-rules-twin.test.ts) holds to the same answers.

import type { RawBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import { TERMS_VERSION, type Role } from '#domain/records';
import { parseTerms, type AuthContext } from '../auth/auth-context';
import { ApiError, forbidden, unauthorized } from '../errors';
import { compileFilter } from './filter/compile-filter';
import { compilePredicate, type RecordPredicate, type RecordValues } from './filter/evaluate-filter';
import type { FieldMap, FieldType, SqlDialect } from './filter/field-map';
import { parseFilter, type FilterNode, type Operand } from './filter/parse-filter';

export type Action = 'list' | 'view' | 'create' | 'update' | 'delete';
export type ReadAction = 'list' | 'view';

/** One check on the caller, and the answer for a caller who fails it. */
export interface GateCheck {
  rule: string;
  status: 401 | 403;
  message: string;
}

export interface ActionRule {
  /** Checked in order; the first that fails answers. */
  gate: readonly GateCheck[];
  /** PocketBase rule over the record; null means every record. */
  condition: string | null;
  /** Set when nobody may do this action: 403 with this message, after the gate. */
  deny?: string;
}

/**
 * Who may do what with a collection's records, and (`fields`) which fields only some callers see:
 * for each such field a PocketBase rule over the record and `@request.auth.*`; where it does not
 * hold, the field is left out of the record (PocketBase leaves out a hidden e-mail address the same
 * way). Such a field can be neither filtered nor sorted on: a filter would reveal it.
 */
export interface AccessRules extends Readonly<Record<Action, ActionRule>> {
  readonly fields?: Readonly<Record<string, string>>;
}

const UNAUTHORIZED_MESSAGE = unauthorized().message;

/** Anyone, visitors included (sign-up). */
export const ANYONE: readonly GateCheck[] = [];

/** A signed-in user, verified or not: their own account record. */
export const SIGNED_IN: readonly GateCheck[] = [{ rule: '@request.auth.id != ""', status: 401, message: UNAUTHORIZED_MESSAGE }];

/** Staff data (orders, settings, runs): signed in, verified, terms v1.0 accepted (docs/decisions/005). */
export const STAFF: readonly GateCheck[] = [
  ...SIGNED_IN,
  { rule: '@request.auth.verified = true', status: 403, message: 'Please verify your email before using Trolleyboard.' },
  {
    rule: `@request.auth.termsVersion = "${TERMS_VERSION}"`,
    status: 403,
    message: 'You must agree to the Terms and Privacy Policy before using Trolleyboard.',
  },
];

/**
 * A member of a nursery: staff as above, and in a nursery (every account is since migration 006; a
 * record of a nursery is only ever answered to its members, docs/decisions/036).
 */
export const MEMBER: readonly GateCheck[] = [
  ...STAFF,
  {
    rule: '@request.auth.nursery != ""',
    status: 403,
    message: 'Your account does not belong to a nursery. Ask an admin of your nursery to invite you.',
  },
];

/** The record condition of every nursery's records: its own members only. */
export const IN_NURSERY = 'nursery = @request.auth.nursery';

/** The rule "the caller's role is one of `roles`", e.g. `@request.auth.role = "admin" || @request.auth.role = "office"`. */
export function roleRule(roles: readonly Role[]): string {
  if (roles.length === 0) throw new Error('roleRule: name at least one role');
  return roles.map((role) => `@request.auth.role = ${JSON.stringify(role)}`).join(' || ');
}

/**
 * Someone an admin gave a temporary password changes nothing until they chose their own
 * (docs/decisions/035): every write a role allows waits for it. Reads stay open.
 */
export const PASSWORD_CHOSEN: GateCheck = {
  rule: '@request.auth.mustChangePassword = false',
  status: 403,
  message: 'Choose your own password first: an admin gave you a temporary one.',
};

/** A member of one of `roles`; others get 403 with `message`, a sentence that says what their role may not do. */
export function membersWithRole(roles: readonly Role[], message: string): readonly GateCheck[] {
  return [...MEMBER, PASSWORD_CHOSEN, { rule: roleRule(roles), status: 403, message }];
}

/**
 * The rules of a nursery's shared records (orders, runs), named by `things` in their sentences:
 * every member sees them; staff, office and admins add and change them; office and admins delete
 * them (with the deletion password); another nursery's are not found (docs/decisions/036).
 */
export function nurseryTeamRules(things: string): AccessRules {
  const change = membersWithRole(['admin', 'office', 'staff'], `Viewers can look but not change ${things}.`);
  return {
    list: { gate: MEMBER, condition: IN_NURSERY },
    view: { gate: MEMBER, condition: IN_NURSERY },
    create: { gate: change, condition: null },
    update: { gate: change, condition: IN_NURSERY },
    delete: {
      gate: membersWithRole(['admin', 'office'], `Only office staff and admins can delete ${things}. Ask one of them to delete it.`),
      condition: IN_NURSERY,
    },
  };
}

const AUTH_PREFIX = '@request.auth.';

/**
 * The caller as rules see it: `@request.auth.<name>`. Visitors have empty values; `nursery` and
 * `role` are the account's (docs/decisions/036).
 */
export function authValues(auth: AuthContext): AuthValues {
  const user = auth.user;
  if (!user) return VISITOR;
  // Rows come from the auth cache and are never changed in place: one set of values per row, so the
  // rules decided for it below are decided once, not on every request.
  let values = valuesOfRow.get(user);
  if (!values) valuesOfRow.set(user, (values = valuesOf(user)));
  return values;
}

/** The caller's values, one object per user row (the key of every decision cached for a caller). */
type AuthValues = Readonly<Record<string, string | boolean>>;
const valuesOfRow = new WeakMap<object, AuthValues>();

function valuesOf(user: AuthContext['user']): AuthValues {
  const terms = user ? parseTerms(user.termsAgreement) : null;
  return {
    id: user?.id ?? '',
    username: user?.username ?? '',
    email: user?.email ?? '',
    verified: Boolean(user?.verified),
    // The version the user agreed to; '' when they declined or never answered.
    termsVersion: terms?.agreed === true ? String(terms.version ?? '') : '',
    nursery: user?.nursery ?? '',
    role: user?.role ?? '',
    // Set while a temporary password an admin gave is in use (PASSWORD_CHOSEN).
    mustChangePassword: Boolean(user?.mustChangePassword),
  };
}

const VISITOR: AuthValues = valuesOf(null);

const AUTH_FIELD_NAMES = new Set(Object.keys(VISITOR));

/** Decisions for one caller, kept as long as their values object lives (WeakMap). */
class PerCaller<T> {
  private readonly decided = new WeakMap<AuthValues, Map<string, T>>();

  get(values: AuthValues, key: string, decide: () => T): T {
    let byKey = this.decided.get(values);
    if (!byKey) this.decided.set(values, (byKey = new Map()));
    if (byKey.has(key)) return byKey.get(key) as T;
    const value = decide();
    byKey.set(key, value);
    return value;
  }
}

/** A rule after binding the caller: decided already (true/false), or a condition left over the record. */
export type BoundRule = boolean | FilterNode;

function literalOf(value: string | boolean, offset: number): Operand {
  return typeof value === 'boolean' ? { kind: 'boolean', value, offset } : { kind: 'string', value, offset };
}

function bindOperand(operand: Operand, values: Readonly<Record<string, string | boolean>>): Operand {
  if (operand.kind !== 'field' || !operand.name.startsWith(AUTH_PREFIX)) return operand;
  const name = operand.name.slice(AUTH_PREFIX.length);
  const value = values[name];
  // Rules are ours, checked at start-up (compileAccess); an unknown name is a bug in a rule.
  if (value === undefined) throw new Error(`access rule uses unknown ${operand.name}`);
  return literalOf(value, operand.offset);
}

const FIELD_TYPE_OF_LITERAL: Readonly<Record<Exclude<Operand['kind'], 'field'>, FieldType>> = {
  string: 'text',
  number: 'number',
  boolean: 'bool',
  null: 'text',
};

/**
 * Replaces `@request.auth.*` by the caller's values and decides every value-to-value comparison
 * with the filter's own semantics (by comparing a one-field record), then simplifies and/or.
 */
export function bindAuth(node: FilterNode, values: Readonly<Record<string, string | boolean>>): BoundRule {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const isAnd = node.kind === 'and';
      const left: FilterNode[] = [];
      for (const child of node.children) {
        const bound = bindAuth(child, values);
        if (bound === true) {
          if (!isAnd) return true;
        } else if (bound === false) {
          if (isAnd) return false;
        } else left.push(bound);
      }
      if (left.length === 0) return isAnd;
      return left.length === 1 && left[0] ? left[0] : { kind: node.kind, children: left };
    }
    case 'comparison': {
      const leftOperand = bindOperand(node.left, values);
      const rightOperand = bindOperand(node.right, values);
      if (leftOperand.kind !== 'field' || rightOperand.kind !== 'field') {
        if (leftOperand.kind === 'field' || rightOperand.kind === 'field') return { ...node, left: leftOperand, right: rightOperand };
        const fields: FieldMap = { value: { column: 'value', type: FIELD_TYPE_OF_LITERAL[leftOperand.kind] } };
        const record: RecordValues = { value: leftOperand.kind === 'null' ? null : leftOperand.value };
        const asField: Operand = { kind: 'field', name: 'value', offset: leftOperand.offset };
        return compilePredicate({ ...node, left: asField, right: rightOperand }, fields, 'sqlite')(record);
      }
      return { ...node, left: leftOperand, right: rightOperand };
    }
  }
}

interface CompiledGateCheck {
  node: FilterNode | null;
  status: 401 | 403;
  message: string;
}

/** Throws for a rule over `@request.auth.<name>` that callers do not have: a bug in the rule, found at start-up. */
function checkAuthNames(node: FilterNode, where: string): void {
  if (node.kind !== 'comparison') return node.children.forEach((child) => checkAuthNames(child, where));
  for (const operand of [node.left, node.right]) {
    if (operand.kind === 'field' && operand.name.startsWith(AUTH_PREFIX) && !AUTH_FIELD_NAMES.has(operand.name.slice(AUTH_PREFIX.length)))
      throw new Error(`${where}: access rule uses unknown ${operand.name}`);
  }
}

/**
 * Checks on the caller alone (a collection action's gate, or a route's: require-access.ts), parsed
 * once; answers for any caller with the first check they fail.
 */
export class Gate {
  private readonly checks: CompiledGateCheck[];
  private readonly failed = new PerCaller<CompiledGateCheck | null>();

  /** `where` names the rule's owner in the start-up error of a broken rule. */
  constructor(checks: readonly GateCheck[], where: string) {
    this.checks = checks.map((check) => ({ node: parseFilter(check.rule), status: check.status, message: check.message }));
    for (const check of this.checks) if (check.node) checkAuthNames(check.node, where);
  }

  /** The first check this caller fails, or null. */
  failedCheck(auth: AuthContext): CompiledGateCheck | null {
    const values = authValues(auth);
    return this.failed.get(values, '', () => {
      for (const check of this.checks) if (check.node !== null && bindAuth(check.node, values) !== true) return check;
      return null;
    });
  }

  /** The 401/403 for a caller who fails a check, or null. */
  refusal(auth: AuthContext): ApiError | null {
    const failed = this.failedCheck(auth);
    if (!failed) return null;
    return failed.status === 401 ? unauthorized() : forbidden(failed.message);
  }
}

interface CompiledActionRule {
  gate: Gate;
  condition: FilterNode | null;
  deny: string | undefined;
}

/**
 * What of a collection's records one caller may not see (AccessRules.fields), decided once per
 * caller: `hide` returns a copy of a record without them; `key` tells two callers' decisions
 * apart (the list cache keys answers by it).
 */
export interface FieldVisibility {
  readonly key: string;
  hide(record: Readonly<Record<string, unknown>>): Record<string, unknown>;
}

/** A collection's rules, parsed once, ready to answer for any caller. */
export class CollectionAccess {
  private readonly compiled: Record<Action, CompiledActionRule>;
  /** What was decided for each caller (bound conditions, their SQL and predicates, hidden fields). */
  private readonly decided = new PerCaller<unknown>();
  private readonly fieldRules: ReadonlyArray<readonly [field: string, rule: FilterNode]>;

  constructor(
    readonly collection: string,
    private readonly fields: FieldMap,
    rules: AccessRules,
    private readonly dialect: SqlDialect,
  ) {
    const compile = (rule: ActionRule): CompiledActionRule => ({
      gate: new Gate(rule.gate, collection),
      condition: rule.condition === null ? null : parseFilter(rule.condition),
      deny: rule.deny,
    });
    this.compiled = {
      list: compile(rules.list),
      view: compile(rules.view),
      create: compile(rules.create),
      update: compile(rules.update),
      delete: compile(rules.delete),
    };
    this.fieldRules = Object.entries(rules.fields ?? {}).map(([field, rule]) => {
      const node = parseFilter(rule);
      if (!node) throw new Error(`${collection}.${field}: a field rule cannot be empty`);
      return [field, node] as const;
    });
    this.checkRules();
  }

  /** Every rule must bind and compile for any caller: a broken rule stops the server at start-up. */
  private checkRules(): void {
    const conditions = Object.values(this.compiled).flatMap((rule) => (rule.condition ? [rule.condition] : []));
    for (const condition of [...conditions, ...this.fieldRules.map(([, rule]) => rule)]) {
      checkAuthNames(condition, this.collection);
      const bound = bindAuth(condition, authValues({ user: null }));
      if (typeof bound !== 'boolean') {
        compileFilter(bound, this.fields, this.dialect);
        compilePredicate(bound, this.fields, this.dialect);
      }
    }
    for (const [field] of this.fieldRules) {
      if (Object.hasOwn(this.fields, field))
        throw new Error(`${this.collection}.${field}: a field only some callers see cannot be filtered or sorted on (filter: false)`);
    }
  }

  /** The fields of this collection `auth` may not see in some or all records, or null when they see every field. */
  fieldVisibility(auth: AuthContext): FieldVisibility | null {
    if (this.fieldRules.length === 0) return null;
    const values = authValues(auth);
    return this.decided.get(values, 'fields', () => this.decideFieldVisibility(values)) as FieldVisibility | null;
  }

  private decideFieldVisibility(values: AuthValues): FieldVisibility | null {
    const hidden: Array<readonly [string, RecordPredicate | false]> = [];
    const key: Array<[string, unknown]> = [];
    for (const [field, rule] of this.fieldRules) {
      const bound = bindAuth(rule, values);
      if (bound === true) continue;
      hidden.push([field, bound === false ? false : compilePredicate(bound, this.fields, this.dialect)]);
      key.push([field, bound]);
    }
    if (hidden.length === 0) return null;
    return {
      key: JSON.stringify(key),
      hide(record) {
        const copy = { ...record };
        for (const [field, shown] of hidden) if (shown === false || !shown(record)) delete copy[field];
        return copy;
      },
    };
  }

  /** The error for a caller the gate or a deny refuses, or null when they may try the action. */
  refusal(action: Action, auth: AuthContext): ApiError | null {
    const gated = this.compiled[action].gate.refusal(auth);
    if (gated) return gated;
    const deny = this.compiled[action].deny;
    return deny === undefined ? null : forbidden(deny);
  }

  /** Whether this caller may attempt the action: refusal() === null, without building the error (realtime asks per event). */
  permits(action: Action, auth: AuthContext): boolean {
    return this.compiled[action].deny === undefined && this.compiled[action].gate.failedCheck(auth) === null;
  }

  /** Throws the gate's (or the deny's) 401/403 when this caller may not attempt the action. */
  authorize(action: Action, auth: AuthContext): void {
    const error = this.refusal(action, auth);
    if (error) throw error;
  }

  /** The record condition bound to this caller: true (every record), false (none) or a filter. */
  condition(action: Action, auth: AuthContext): BoundRule {
    const condition = this.compiled[action].condition;
    if (condition === null) return true;
    const values = authValues(auth);
    return this.decided.get(values, `condition ${action}`, () => bindAuth(condition, values)) as BoundRule;
  }

  /** The condition as SQL for lists and lookups; null when every record qualifies. Call authorize first. */
  sqlScope(action: Action, auth: AuthContext): RawBuilder<SqlBool> | null {
    const bound = this.condition(action, auth);
    if (bound === true) return null;
    if (bound === false) return sql<SqlBool>`1 = 0`;
    // The same builder for the same caller: the list cache keys answers by its SQL, compiled once.
    return this.decided.get(authValues(auth), `sql ${action}`, () =>
      compileFilter(bound, this.fields, this.dialect),
    ) as RawBuilder<SqlBool>;
  }

  /** The same rule as a yes/no over one record as the API shows it: gate, deny and condition. */
  allows(action: Action, auth: AuthContext, record: RecordValues): boolean {
    const check = this.recordCheck(action, auth);
    return typeof check === 'boolean' ? check : check(record);
  }

  /**
   * The whole rule for one caller, decided once: false (the gate or a deny refuses, or no record
   * qualifies), true (every record) or the condition compiled to a predicate over one record.
   * Realtime asks this once per subscriber and batch of changes, then applies it to each event.
   */
  recordCheck(action: Action, auth: AuthContext): RecordCheck {
    if (!this.permits(action, auth)) return false;
    const bound = this.condition(action, auth);
    if (typeof bound === 'boolean') return bound;
    return this.decided.get(authValues(auth), `predicate ${action}`, () =>
      compilePredicate(bound, this.fields, this.dialect),
    ) as RecordCheck;
  }
}

/** A rule decided for one caller: false, true, or a predicate over one record. */
export type RecordCheck = boolean | RecordPredicate;

/** What canRead needs of a collection: its name, fields and rules. */
export interface RuledCollection {
  name: string;
  fields: FieldMap;
  rules: AccessRules;
}

const accessCache = new WeakMap<RuledCollection, Map<SqlDialect, CollectionAccess>>();

/** The compiled rules of a collection (compiled once per collection and dialect). */
export function accessOf(collection: RuledCollection, dialect: SqlDialect): CollectionAccess {
  let byDialect = accessCache.get(collection);
  if (!byDialect) accessCache.set(collection, (byDialect = new Map()));
  let access = byDialect.get(dialect);
  if (!access) byDialect.set(dialect, (access = new CollectionAccess(collection.name, collection.fields, collection.rules, dialect)));
  return access;
}

/**
 * Whether `auth` may see `record` (as the API shows it) through `action`: the realtime check of
 * each event against its subscriber, and the check of records that are gone (deletes). False for
 * visitors, unverified users and users without the current terms wherever the gate says so.
 */
export function canRead(
  collection: RuledCollection,
  action: ReadAction,
  auth: AuthContext,
  record: RecordValues,
  dialect: SqlDialect = 'sqlite',
): boolean {
  return accessOf(collection, dialect).allows(action, auth, record);
}
