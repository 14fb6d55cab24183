import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's PostgreSQL dialect with its introspection kept to the connection's own schema (the
 * search_path's first). Kysely's own lists every table of every schema, with
 * `pg_get_serial_sequence` and `has_schema_privilege` on each: a schema another installation
 * drops meanwhile (each test server has its own, dropped when it stops) fails our start-up with
 * "relation … does not exist". The migrator is the only user and needs only table names.
 */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the signature of Dialect.createIntrospector
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

class OwnSchemaIntrospector implements DatabaseIntrospector {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the signature of Dialect.createIntrospector
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`SELECT current_schema() AS name`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    // pg_catalog alone, no function that can fail on another schema's dropped table.
    const { rows } = await sql<{ schema: string; name: string; kind: string }>`
      SELECT n.nspname AS schema, c.relname AS name, c.relkind AS kind
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v')`.execute(this.db);
    return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.kind === 'v', columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}
