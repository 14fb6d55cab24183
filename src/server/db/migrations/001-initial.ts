import { sql, type Kysely } from 'kysely';

// Written with Kysely's schema builder so the same migration serves SQLite and PostgreSQL.
// Never edit a merged migration; add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('emailVisibility', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('tokenKey', 'text', (c) => c.notNull())
    .addColumn('termsAgreement', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Usernames are unique regardless of case, so "Ann" cannot sign up next to "ann".
  await sql`CREATE UNIQUE INDEX users_username_unique ON users (LOWER(username))`.execute(db);
  await db.schema.createIndex('users_email_unique').unique().on('users').column('email').execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('day', 'text', (c) => c.notNull().defaultTo('monday'))
    .addColumn('postcode', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('orderNumber', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('customerType', 'text', (c) => c.notNull().defaultTo('wholesale'))
    .addColumn('other', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('weekNumber', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('orderInfo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('trollies', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('extras', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('tasks_week').on('tasks').columns(['year', 'weekNumber']).execute();
  await db.schema.createIndex('tasks_other').on('tasks').column('other').execute();
  await db.schema.createIndex('tasks_created').on('tasks').column('created').execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addColumn('user', 'text', (c) => c.notNull())
    .addColumn('settings_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('user_settings_user_unique').unique().on('user_settings').column('user').execute();

  await db.schema
    .createTable('trolley_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('vehicleInfo', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('user', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('trolley_exports_name').on('trolley_exports').column('name').execute();
  await db.schema.createIndex('trolley_exports_created').on('trolley_exports').column('created').execute();
}
