// Filter syntax tree -> a parameterised SQL condition for Kysely. Column names come only from the
// FieldMap (sql.ref); every value from the client is a bound parameter. The SQL is the same on
// SQLite and PostgreSQL except for how booleans and fractional numbers are bound (see bindValue).
//
// PocketBase semantics kept here:
// - null and "" are the same "empty" value: `title = null` and `title = ""` both match '' and NULL.
//   On number/bool fields "empty" means NULL.
// - `!=` is null-safe (IS DISTINCT FROM), so a NULL column counts as "different from 'x'".
// - `~` is a case-insensitive "contains": the value is wrapped in %...% with its own % _ \ escaped,
//   unless it already contains an unescaped %, in which case it is used as a LIKE pattern as given.
//
// Our own choices (PocketBase is laxer; these keep both databases giving the same answers):
// - Number fields take numbers, or text that is a plain decimal number ("12" -> 12); other text is
//   refused with a message, so PostgreSQL never sees 'abc' compared with an integer.
// - Bool fields take true/false, 1/0 or the texts "true"/"false"/"1"/"0", and only with = and !=.
// - Text-like fields (text, date, relation) compare numbers as the text written (`orderNumber = 0042`
//   matches '0042'); true/false are refused.
// - null may only be used with = and !=; a field compared with a field must hold the same kind of value.
// - A `~`/`!~` value may have at most MAX_SEARCH_LENGTH characters (docs/decisions/010): LIKE runs on the event loop
//   with SQLite, and its cost grows with the length of the value times the length of the text.
// - `field ~ value` on a field with a TextIndex asks the trigram index first (SQLite FTS5), when the
//   value has a literal piece of 3 or more characters: `rowid IN (SELECT rowid FROM fts WHERE fts
//   MATCH ?) AND <the same LIKE>`. The index returns a superset of the matching rows (it only knows
//   the pieces are there, in any case), the LIKE keeps the exact answer, so results never change.

import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { MAX_SEARCH_LENGTH } from '#domain/search-text';

import { FilterError, type FieldMap, type SqlDialect, type TextIndex } from './field-map';
import {
  cannotCompare,
  filterField,
  literalAsText,
  mirror,
  NUMERIC_TEXT,
  operatorNotForBool,
  TEXT_LIKE,
  toBoolean,
  valueFamily,
  type LiteralOperand,
  type NamedField,
} from './filter-semantics';
import type { ComparisonOperator, FilterNode, Operand } from './parse-filter';

type Sql = RawBuilder<unknown>;

interface ResolvedField extends NamedField {
  ref: Sql;
}

/** What a literal becomes once it is checked against a field's type. */
type Bound = { kind: 'empty' } | { kind: 'value'; value: string | number | boolean; sql: Sql };

const ESCAPE_CLAUSE = sql.raw("ESCAPE '\\'");
// Longest value `~` and `!~` take, in characters (docs/decisions/010): declared in the domain, so
// the web app never sends a longer one (docs/decisions/058).
export { MAX_SEARCH_LENGTH };
/** The trigram index can only look up pieces of at least three characters. */
const MIN_INDEXED_PIECE = 3;

/**
 * Compiles a parsed filter into a WHERE condition, e.g.
 * `db.selectFrom('tasks').selectAll().where(compileFilter(node, TASK_FIELDS, 'sqlite'))`.
 * A null node (empty filter) compiles to a condition that is always true.
 * @throws FilterError for unknown or unfilterable fields and values that don't fit a field's type.
 */
export function compileFilter(node: FilterNode | null, fields: FieldMap, dialect: SqlDialect): RawBuilder<SqlBool> {
  if (node === null) return sql<SqlBool>`1 = 1`;
  return compileNode(node, fields, dialect);
}

function compileNode(node: FilterNode, fields: FieldMap, dialect: SqlDialect): RawBuilder<SqlBool> {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const parts = node.children.map((child) => sql`(${compileNode(child, fields, dialect)})`);
      return sql<SqlBool>`${sql.join(parts, node.kind === 'and' ? sql` AND ` : sql` OR `)}`;
    }
    case 'comparison':
      return compileComparison(node.operator, node.left, node.right, fields, dialect);
  }
}

function compileComparison(
  operator: ComparisonOperator,
  left: Operand,
  right: Operand,
  fields: FieldMap,
  dialect: SqlDialect,
): RawBuilder<SqlBool> {
  if (left.kind === 'field' && right.kind === 'field') {
    return compareFields(operator, resolveField(left.name, fields), resolveField(right.name, fields));
  }
  if (left.kind === 'field' && right.kind !== 'field') {
    return compareFieldWithValue(operator, resolveField(left.name, fields), right, dialect);
  }
  if (left.kind !== 'field' && right.kind === 'field') {
    const field = resolveField(right.name, fields);
    if (operator === '~' || operator === '!~') return valueContainsField(operator, left, field);
    return compareFieldWithValue(mirror(operator), field, left, dialect);
  }
  // The parser refuses value-to-value conditions; reaching this is a bug in the parser.
  throw new Error('compileFilter: a comparison must have a field on at least one side');
}

function resolveField(name: string, fields: FieldMap): ResolvedField {
  const field = filterField(name, fields);
  return { ...field, ref: sql.ref(field.spec.column) };
}

function compareFieldWithValue(
  operator: ComparisonOperator,
  field: ResolvedField,
  literal: LiteralOperand,
  dialect: SqlDialect,
): RawBuilder<SqlBool> {
  const col = field.ref;
  const isTextLike = TEXT_LIKE.has(field.spec.type);

  if (operator === '~' || operator === '!~') {
    if (field.spec.type === 'bool') throw operatorNotForBool(operator, field);
    const pattern = containsPattern(searchText(literal, field, operator));
    const matches = sql`${likeSubject(field, dialect)} LIKE LOWER(CAST(${pattern} AS TEXT)) ${ESCAPE_CLAUSE}`;
    if (operator === '!~') return sql<SqlBool>`NOT (${matches})`;
    const index = field.spec.textIndex;
    const ftsQuery = index && dialect === 'sqlite' ? trigramQuery(pattern, index) : null;
    if (index && ftsQuery !== null) {
      const fts = sql.table(index.ftsTable);
      return sql<SqlBool>`(rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${ftsQuery}) AND ${matches})`;
    }
    return sql<SqlBool>`${matches}`;
  }

  const bound = bindValue(literal, field, dialect);
  if (operator === '=' || operator === '!=') {
    const isEqual = operator === '=';
    if (bound.kind === 'empty') {
      if (isTextLike) {
        return isEqual ? sql<SqlBool>`(${col} = '' OR ${col} IS NULL)` : sql<SqlBool>`(${col} <> '' AND ${col} IS NOT NULL)`;
      }
      return isEqual ? sql<SqlBool>`${col} IS NULL` : sql<SqlBool>`${col} IS NOT NULL`;
    }
    return isEqual ? sql<SqlBool>`${col} = ${bound.sql}` : sql<SqlBool>`${col} IS DISTINCT FROM ${bound.sql}`;
  }

  if (field.spec.type === 'bool') throw operatorNotForBool(operator, field);
  if (bound.kind === 'empty') {
    if (literal.kind === 'null') {
      throw new FilterError(`Invalid filter: null can only be used with "=" or "!=" (field "${field.name}").`);
    }
    // For < and >, "" is an ordinary text value, and means nothing on number fields.
    if (!isTextLike) throw cannotCompare(field, '""');
    return sql<SqlBool>`${col} ${sql.raw(operator)} ${''}`;
  }
  return sql<SqlBool>`${col} ${sql.raw(operator)} ${bound.sql}`;
}

function compareFields(operator: ComparisonOperator, left: ResolvedField, right: ResolvedField): RawBuilder<SqlBool> {
  const family = valueFamily(left.spec.type);
  if (family !== valueFamily(right.spec.type)) {
    throw new FilterError(
      `Invalid filter: fields "${left.name}" and "${right.name}" hold different kinds of values and cannot be compared.`,
    );
  }
  if (operator === '~' || operator === '!~') {
    if (family === 'bool') throw operatorNotForBool(operator, left);
    const matches = sql`${lowerText(left)} LIKE ('%' || ${escapedLikeText(lowerText(right))} || '%') ${ESCAPE_CLAUSE}`;
    return operator === '~' ? sql<SqlBool>`${matches}` : sql<SqlBool>`NOT (${matches})`;
  }
  if (family === 'bool' && operator !== '=' && operator !== '!=') throw operatorNotForBool(operator, left);
  if (family === 'text') {
    // Empty and NULL are the same on text-like fields.
    const l = sql`COALESCE(${left.ref}, '')`;
    const r = sql`COALESCE(${right.ref}, '')`;
    if (operator === '=') return sql<SqlBool>`${l} = ${r}`;
    if (operator === '!=') return sql<SqlBool>`${l} <> ${r}`;
    return sql<SqlBool>`${l} ${sql.raw(operator)} ${r}`;
  }
  if (operator === '=') return sql<SqlBool>`${left.ref} IS NOT DISTINCT FROM ${right.ref}`;
  if (operator === '!=') return sql<SqlBool>`${left.ref} IS DISTINCT FROM ${right.ref}`;
  return sql<SqlBool>`${left.ref} ${sql.raw(operator)} ${right.ref}`;
}

/** `"Greenfields Ltd" ~ title`: the value contains the field's text. */
function valueContainsField(operator: '~' | '!~', literal: LiteralOperand, field: ResolvedField): RawBuilder<SqlBool> {
  if (field.spec.type === 'bool') throw operatorNotForBool(operator, field);
  const text = searchText(literal, field, operator);
  const matches = sql`LOWER(CAST(${text} AS TEXT)) LIKE ('%' || ${escapedLikeText(lowerText(field))} || '%') ${ESCAPE_CLAUSE}`;
  return operator === '~' ? sql<SqlBool>`${matches}` : sql<SqlBool>`NOT (${matches})`;
}

/** The field as lower-case text; NULL reads as '' so "does not contain" holds for empty fields. */
function lowerText(field: ResolvedField): Sql {
  const text = TEXT_LIKE.has(field.spec.type) ? field.ref : sql`CAST(${field.ref} AS TEXT)`;
  return sql`LOWER(COALESCE(${text}, ''))`;
}

/**
 * The field as LIKE reads it against a lower-cased pattern. SQLite's LIKE already ignores ASCII
 * case and its LOWER() changes only ASCII letters, so LOWER() on the column would only copy every
 * value (half the time of a scan over long notes); PostgreSQL's LIKE is case-sensitive, and its
 * pg_trgm index (migration 003) is on exactly LOWER(COALESCE(column, '')).
 */
function likeSubject(field: ResolvedField, dialect: SqlDialect): Sql {
  if (dialect === 'postgres' || !TEXT_LIKE.has(field.spec.type)) return lowerText(field);
  return sql`COALESCE(${field.ref}, '')`;
}

/** Escapes LIKE's special characters inside SQL, for a pattern taken from another column. */
function escapedLikeText(text: Sql): Sql {
  return sql`REPLACE(REPLACE(REPLACE(${text}, ${sql.raw("'\\'")}, ${sql.raw("'\\\\'")}), '%', ${sql.raw("'\\%'")}), '_', ${sql.raw("'\\_'")})`;
}

/** The value of a `~`/`!~`, refused when longer than MAX_SEARCH_LENGTH characters (docs/decisions/010). */
function searchText(literal: LiteralOperand, field: ResolvedField, operator: ComparisonOperator): string {
  return checkSearchLength(literalAsText(literal, field, operator));
}

/**
 * Returns a `~`/`!~` value unchanged, or throws the FilterError for one longer than
 * MAX_SEARCH_LENGTH characters (shared with evaluate-filter.ts, so both refuse the same filters).
 */
export function checkSearchLength(text: string): string {
  const length = [...text].length;
  if (length > MAX_SEARCH_LENGTH) {
    throw new FilterError(`Invalid filter: the search text is too long (${length} characters; at most ${MAX_SEARCH_LENGTH}).`);
  }
  return text;
}

/**
 * The FTS5 query that finds every row whose field contains the literal pieces of a LIKE pattern
 * (the runs between its % and _ wildcards, unescaped), or null when no piece is long enough for
 * the trigram index. Each piece becomes a quoted phrase with its quotes doubled, so FTS5 reads
 * client text only as text, never as query syntax; control characters and broken surrogates
 * split a piece (fewer conditions only widen the superset the LIKE then narrows).
 */
export function trigramQuery(likePattern: string, index: TextIndex): string | null {
  const pieces: string[] = [];
  let piece: string[] = [];
  const endPiece = () => {
    if (piece.length >= MIN_INDEXED_PIECE) pieces.push(piece.join(''));
    piece = [];
  };
  const characters = [...likePattern];
  for (let i = 0; i < characters.length; i += 1) {
    let c = characters[i] ?? '';
    if (c === '%' || c === '_') {
      endPiece();
      continue;
    }
    if (c === '\\') {
      i += 1; // the escaped character is literal
      c = characters[i] ?? '';
      if (c === '') break;
    }
    const code = c.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff)) endPiece();
    else piece.push(c);
  }
  endPiece();
  if (pieces.length === 0) return null;
  const phrases = pieces.map((p) => `"${p.replaceAll('"', '""')}"`);
  return `${index.ftsColumn} : (${phrases.join(' AND ')})`;
}

/**
 * PocketBase's contains rule: a value without an unescaped % gets its \ % _ escaped (a \ that
 * already escapes % or _ is kept) and is wrapped in %...%; a value with an unescaped % is the
 * client's own LIKE pattern. A lone \ at the end of that pattern escapes nothing: it is taken as
 * a literal \ (PostgreSQL refuses a pattern ending in its escape character, SQLite matches
 * nothing with it).
 */
export function containsPattern(value: string): string {
  if (hasUnescapedPercent(value)) return endsInLoneEscape(value) ? `${value}\\` : value;
  let escaped = '';
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charAt(i);
    const isSpecial = c === '%' || c === '_' || c === '\\';
    const isAlreadyEscaped = c !== '\\' && value.charAt(i - 1) === '\\';
    if (c === '\\' && (value.charAt(i + 1) === '%' || value.charAt(i + 1) === '_')) {
      escaped += c; // escapes the next character already
    } else {
      escaped += isSpecial && !isAlreadyEscaped ? `\\${c}` : c;
    }
  }
  return `%${escaped}%`;
}

function endsInLoneEscape(value: string): boolean {
  const trailing = /\\*$/.exec(value)?.[0].length ?? 0;
  return trailing % 2 === 1;
}

function hasUnescapedPercent(value: string): boolean {
  let escaping = false;
  for (const c of value) {
    if (c === '%' && !escaping) return true;
    escaping = c === '\\' && !escaping;
  }
  return false;
}

const PG_INT_MAX = 2_147_483_647;

function bindValue(literal: LiteralOperand, field: ResolvedField, dialect: SqlDialect): Bound {
  if (literal.kind === 'null' || (literal.kind === 'string' && literal.value === '')) {
    // For = and != PocketBase treats "" and null alike; < and > decide in compareFieldWithValue.
    return { kind: 'empty' };
  }
  switch (valueFamily(field.spec.type)) {
    case 'text': {
      if (literal.kind === 'boolean') throw cannotCompare(field, String(literal.value));
      const value = literal.kind === 'number' ? literal.source : literal.value;
      return { kind: 'value', value, sql: sql`${value}` };
    }
    case 'number': {
      if (literal.kind === 'boolean') throw cannotCompare(field, String(literal.value));
      if (literal.kind === 'string' && !NUMERIC_TEXT.test(literal.value)) {
        throw cannotCompare(field, JSON.stringify(literal.value));
      }
      const value = Number(literal.value);
      // PostgreSQL types an untyped parameter after the column: '12.5' or 3000000000 compared with an
      // integer column would fail, so those are sent as NUMERIC. Whole numbers stay plain so indexes on
      // integer columns (weekNumber, year) are still used.
      const needsCast = dialect === 'postgres' && (!Number.isInteger(value) || Math.abs(value) > PG_INT_MAX);
      return { kind: 'value', value, sql: needsCast ? sql`CAST(${value} AS NUMERIC)` : sql`${value}` };
    }
    case 'bool': {
      const flag = toBoolean(literal);
      if (flag === undefined) {
        throw cannotCompare(field, literal.kind === 'string' ? JSON.stringify(literal.value) : String(literal.value));
      }
      // SQLite stores booleans as 0/1 and better-sqlite3 cannot bind JS booleans.
      const value = dialect === 'sqlite' ? (flag ? 1 : 0) : flag;
      return { kind: 'value', value, sql: sql`${value}` };
    }
  }
}
