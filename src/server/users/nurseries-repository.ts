import { sql, type Kysely } from 'kysely';
import type { Database, NurseriesTable } from '../db/schema';

/** Lookups of nurseries by the server itself (a nursery's deletion password); writes go through the RecordService. */
export class NurseriesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: string): Promise<NurseriesTable | undefined> {
    return this.db.selectFrom('nurseries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Nurseries of this name, in any letter case (names need not be unique). */
  async findByName(name: string): Promise<NurseriesTable[]> {
    return this.db
      .selectFrom('nurseries')
      .selectAll()
      .where(sql<boolean>`LOWER(${sql.ref('name')}) = ${name.trim().toLowerCase()}`)
      .orderBy('created')
      .execute();
  }

  /** Nurseries still on the deletion password generated for them (their admins have not chosen one). */
  async idsWithGeneratedDeletePassword(): Promise<string[]> {
    const rows = await this.db.selectFrom('nurseries').select('id').where('generatedDeletePassword', '<>', '').execute();
    return rows.map((row) => row.id);
  }
}
