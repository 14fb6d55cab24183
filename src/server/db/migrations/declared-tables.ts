import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { columnOf, isMultiFile, type CollectionDeclaration, type Field, type IndexDeclaration } from '#domain/collections/fields';

// Migrations written from a collection's declaration (docs/decisions/060): a field kind knows its
// column on SQLite and PostgreSQL, so a new field is one line in a new migration
// (`await addField(db, tasks, 'pallets')`) and a new collection's table one call
// (`await createCollectionTable(db, plantLabels)`) and a new index `addIndex`, making what the hand-written migrations made
// (020-plant-labels.ts; declared-tables.test.ts compares the two). Merged migrations are never
// edited; these helpers are for the next ones. They read the declaration as it is when they run:
// on a fresh install a collection's table is made with every field declared since, so the later
// `addField`/`addIndex` of those find them made and do nothing. Removing or renaming a field is a
// hand-written migration. schema-drift.test.ts compares the migrated database with the declaration.

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The column's type on both databases (schema-drift.test.ts reads them back). */
function columnType(field: Field): 'text' | 'integer' | 'boolean' {
  return field.kind === 'number' ? 'integer' : field.kind === 'bool' ? 'boolean' : 'text';
}

// DDL takes no parameters: a default is written as a literal. It comes from a declaration in the
// source, never from a request, and a text is quoted by doubling its quotes as SQL does.
const literal = (text: string): RawBuilder<unknown> => sql.raw(`'${text.replaceAll("'", "''")}'`);

/** The column's default as the declaration says it (as schema-drift.test.ts expects it), or null for none. */
function columnDefault(field: Field): RawBuilder<unknown> | null {
  if (field.kind === 'file') return literal(isMultiFile(field) ? '[]' : '');
  if (field.kind === 'json') return literal(field.default === null ? '' : JSON.stringify(field.default));
  if (field.kind === 'password' || field.default === undefined) return null;
  if (typeof field.default === 'boolean') return sql.raw(field.default ? 'true' : 'false');
  if (typeof field.default === 'number') {
    if (!Number.isInteger(field.default)) throw new Error(`a number column holds whole numbers only, not ${field.default}`);
    return sql.raw(String(field.default));
  }
  return literal(field.default);
}

/** `"column" type NOT NULL [DEFAULT …]`, as every collection's column is. */
function columnDefinition(name: string, field: Field): RawBuilder<unknown> {
  const fallback = columnDefault(field);
  const definition = sql`${sql.ref(columnOf(name, field))} ${sql.raw(columnType(field))} NOT NULL`;
  return fallback === null ? definition : sql`${definition} DEFAULT ${fallback}`;
}

function refuseSearchIndex(declaration: CollectionDeclaration, names: readonly string[]): void {
  for (const name of names) {
    const field = declaration.fields[name];
    // The search index (SQLite's trigram table and its triggers, PostgreSQL's pg_trgm index) is
    // written by hand, as migrations 003 and 005 did; no collection since has needed a new one.
    if (field?.kind === 'text' && field.textIndex)
      throw new Error(`${declaration.name}.${name}: a text-indexed field needs its search index written by hand (see migrations 003, 005)`);
  }
}

/** A plain column name, as opposed to an expression such as `lower(username)`. */
const isColumnName = (on: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*$/.test(on);

async function createIndex(db: Kysely<unknown>, table: string, index: IndexDeclaration, ifNotExists: boolean): Promise<void> {
  let builder = db.schema.createIndex(index.name).on(table);
  if (ifNotExists) builder = builder.ifNotExists();
  if (index.unique) builder = builder.unique();
  builder = index.on.every(isColumnName)
    ? builder.columns([...index.on])
    : builder.expression(sql.raw(index.on.map((on) => (isColumnName(on) ? `"${on}"` : on)).join(', ')));
  // A partial index's condition is SQL written in the declaration (`email != ''`), not a request's.
  if (index.where !== undefined) builder = builder.where(sql.raw<SqlBool>(index.where));
  await builder.execute();
}

/** The declared indexes of the collection (its `indexes`). */
export async function createDeclaredIndexes(db: Kysely<unknown>, declaration: CollectionDeclaration): Promise<void> {
  for (const index of declaration.indexes) await createIndex(db, declaration.name, index, false);
}

/**
 * A new collection's table: `id`, `created`, `updated`, each declared field's column (NOT NULL,
 * with its default), `seq` as the insertion order (SQLite's rowid; on PostgreSQL an identity
 * column with a unique index, as migration 002 gave every table), and the declared indexes.
 */
export async function createCollectionTable(db: Kysely<unknown>, declaration: CollectionDeclaration): Promise<void> {
  const fields = Object.entries(declaration.fields);
  refuseSearchIndex(
    declaration,
    fields.map(([name]) => name),
  );
  const table = sql.table(declaration.name);
  const columns = sql.join([
    sql`"created" text NOT NULL`,
    sql`"updated" text NOT NULL`,
    ...fields.map(([name, field]) => columnDefinition(name, field)),
  ]);
  if (isPostgres(db)) {
    await sql`CREATE TABLE ${table} ("id" text PRIMARY KEY, ${columns}, "seq" BIGINT NOT NULL GENERATED ALWAYS AS IDENTITY)`.execute(db);
    await sql`CREATE UNIQUE INDEX ${sql.id(`${declaration.name}_seq`)} ON ${table} (seq)`.execute(db);
  } else {
    await sql`CREATE TABLE ${table} ("seq" INTEGER PRIMARY KEY, "id" text NOT NULL UNIQUE, ${columns})`.execute(db);
  }
  await createDeclaredIndexes(db, declaration);
}

async function hasColumn(db: Kysely<unknown>, table: string, column: string): Promise<boolean> {
  const { rows } = isPostgres(db)
    ? await sql`SELECT 1 FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ${table} AND column_name = ${column}`.execute(db)
    : await sql`SELECT 1 FROM pragma_table_info(${table}) WHERE name = ${column}`.execute(db);
  return rows.length > 0;
}

/**
 * A field added to an existing collection: its column, NOT NULL with its default, which every
 * existing row takes. A field without a default cannot be added so (existing rows would have no
 * value): give it one, or write that migration by hand. On a fresh install the collection's own
 * migration (`createCollectionTable`, reading today's declaration) already made the column: then
 * this does nothing, and both kinds of installation end with the declared table.
 */
export async function addField<C extends CollectionDeclaration>(
  db: Kysely<unknown>,
  declaration: C,
  name: keyof C['fields'] & string,
): Promise<void> {
  const field = declaration.fields[name];
  if (!field) throw new Error(`${declaration.name}.${name}: no such field in the declaration`);
  refuseSearchIndex(declaration, [name]);
  if (columnDefault(field) === null)
    throw new Error(`${declaration.name}.${name}: a field added to existing rows needs a default in its declaration`);
  if (await hasColumn(db, declaration.name, columnOf(name, field))) return;
  await sql`ALTER TABLE ${sql.table(declaration.name)} ADD COLUMN ${columnDefinition(name, field)}`.execute(db);
}

/** A declared index added to an existing collection (made already on a fresh install, as `addField`). */
export async function addIndex(db: Kysely<unknown>, declaration: CollectionDeclaration, name: string): Promise<void> {
  const index = declaration.indexes.find((declared) => declared.name === name);
  if (!index) throw new Error(`${declaration.name}: no index ${name} in the declaration`);
  await createIndex(db, declaration.name, index, true);
}
