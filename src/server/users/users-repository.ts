import { sql, type Kysely } from 'kysely';
import type { Database, UsersTable } from '../db/schema';

// The rest of the server passes users around as UsersTable (booleans read through Boolean()),
// where Kysely's selected type spells out ColumnType; the shapes are the same at runtime.
type UserRow = UsersTable;

/**
 * Every way the server looks a user up, defined once (auth routes, token service, the operator
 * CLI, the users collection). Reads only: writes go through the RecordService.
 */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: string): Promise<UsersTable | undefined> {
    return (await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) as UserRow | undefined;
  }

  /** Several users at once, in one query per 500 ids (the realtime broker's subscribers); missing ids are left out. */
  async findByIds(ids: readonly string[]): Promise<UsersTable[]> {
    const found: UsersTable[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.db
        .selectFrom('users')
        .selectAll()
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
      // Selected rows spell out the column types; the shapes are the same at runtime (see UserRow).
      found.push(...(rows as unknown as UserRow[]));
    }
    return found;
  }

  /** E-mail addresses are stored lower-case. Yard accounts have none: a blank address is nobody's. */
  async findByEmail(email: string): Promise<UsersTable | undefined> {
    if (email.trim() === '') return undefined;
    return (await this.db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst()) as
      UserRow | undefined;
  }

  /** Usernames are unique in any letter case ("Ann" and "ann" are one name), so look up in any case. */
  async findByUsername(username: string): Promise<UsersTable | undefined> {
    return (await this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<boolean>`LOWER(${sql.ref('username')}) = ${username.trim().toLowerCase()}`)
      .executeTakeFirst()) as UserRow | undefined;
  }

  /** Everyone in one nursery (the last-admin rule, docs/decisions/035). */
  async findByNursery(nursery: string): Promise<UsersTable[]> {
    if (nursery === '') return [];
    return (await this.db.selectFrom('users').selectAll().where('nursery', '=', nursery).execute()) as unknown as UserRow[];
  }

  /** What people type to sign in: an e-mail address (it has an @, usernames never do) or a username. */
  async findByIdentity(identity: string): Promise<UsersTable | undefined> {
    return identity.includes('@') ? this.findByEmail(identity) : this.findByUsername(identity);
  }
}
