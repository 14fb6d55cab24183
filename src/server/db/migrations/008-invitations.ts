import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Invitations and the Team page (issue 15, docs/decisions/035).
//
// - The `invitations` table: a nursery's invitations by e-mail with a role, the hash of the mailed
//   token, its expiry, when and by whom it was used, and whether an admin withdrew it.
// - `users.lastSignIn`: when the person last signed in with their password (the Team page).
// - Yard accounts have no e-mail address: the unique rule on e-mail holds for addresses only, as
//   PocketBase's own (`WHERE email != ''`), so several accounts may have none.

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // As every table since migration 002: `seq`, the insertion order (the rowid on SQLite).
  const columns = sql`"created" text NOT NULL,
    "updated" text NOT NULL,
    "nursery" text NOT NULL DEFAULT '',
    "email" text NOT NULL,
    "role" text NOT NULL DEFAULT 'staff',
    "invitedBy" text NOT NULL DEFAULT '',
    "expires" text NOT NULL DEFAULT '',
    "tokenHash" text NOT NULL DEFAULT '',
    "used" text NOT NULL DEFAULT '',
    "usedBy" text NOT NULL DEFAULT '',
    "revoked" boolean NOT NULL DEFAULT false`;
  if (isPostgres(db)) {
    await sql`CREATE TABLE invitations ("id" text PRIMARY KEY, ${columns}, "seq" BIGINT NOT NULL GENERATED ALWAYS AS IDENTITY)`.execute(db);
    await sql`CREATE UNIQUE INDEX invitations_seq ON invitations (seq)`.execute(db);
  } else {
    await sql`CREATE TABLE invitations ("seq" INTEGER PRIMARY KEY, "id" text NOT NULL UNIQUE, ${columns})`.execute(db);
  }
  await db.schema.createIndex('invitations_token').on('invitations').column('tokenHash').unique().execute();
  await db.schema.createIndex('invitations_nursery').on('invitations').columns(['nursery', 'created']).execute();

  await db.schema
    .alterTable('users')
    .addColumn('lastSignIn', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema.dropIndex('users_email_unique').execute();
  await sql`CREATE UNIQUE INDEX users_email_unique ON users (email) WHERE email != ''`.execute(db);
}
