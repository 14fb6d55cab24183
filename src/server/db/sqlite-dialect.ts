import type SQLite from 'better-sqlite3';
import { SqliteDialect, type DatabaseConnection, type Driver } from 'kysely';

/**
 * Kysely's SQLite dialect, keeping the error a failed transaction ended with. When a COMMIT fails
 * because the disk is full (SQLITE_FULL) or on an I/O error, SQLite has already rolled the
 * transaction back; Kysely's own ROLLBACK then fails with "cannot rollback - no transaction is
 * active" and that error replaced the real one, so a full disk answered a generic 500.
 */
export class SqliteDialectKeepingErrors extends SqliteDialect {
  constructor(private readonly file: SQLite.Database) {
    super({ database: file });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      if (this.file.inTransaction) await rollback(connection);
    };
    return driver;
  }
}
