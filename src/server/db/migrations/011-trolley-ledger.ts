import { PostgresAdapter, sql, type Kysely } from 'kysely';

// The trolley ledger (issue 17, docs/decisions/038).
//
// - `trolley_movements`: one row per movement of a customer's trolleys, shelves and extensions
//   (out, in, adjustment), with the run and stop it was booked from; a run's stop is booked at most
//   once (a unique index on (run, stop) where run <> '').
// - `trolley_balances`: what each customer holds, kept by triggers in the transaction of every
//   change to a movement, so the nursery's balances cost one row per customer to read however many
//   years of movements there are. Counts change by their delta (atomic under concurrent writers:
//   PostgreSQL's row lock, SQLite's one writer). `since` — the first day of the unbroken run of days
//   the customer has held something (src/domain/ledger/balance.ts owedSince) — follows from the
//   delta when a movement is the customer's latest day, and is counted again from the customer's
//   movements otherwise (an earlier date, a change, a delete).

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const COUNTS = ['trolleys', 'shelves', 'extensions'] as const;

/** A movement's effect on one count of what the customer holds: `in` takes away. */
const delta = (row: 'NEW' | 'OLD', count: string) => `(CASE WHEN ${row}.kind = 'in' THEN -${row}.${count} ELSE ${row}.${count} END)`;

/** The customer's balance at the end of each day it has movements (window sums over the days' deltas). */
const runningByDay = (row: 'NEW' | 'OLD') => `SELECT d."date",
    SUM(d.trolleys) OVER (ORDER BY d."date") AS trolleys,
    SUM(d.shelves) OVER (ORDER BY d."date") AS shelves,
    SUM(d.extensions) OVER (ORDER BY d."date") AS extensions
  FROM (SELECT "date", ${COUNTS.map((c) => `SUM(CASE WHEN kind = 'in' THEN -${c} ELSE ${c} END) AS ${c}`).join(', ')}
        FROM trolley_movements WHERE nursery = ${row}.nursery AND customer = ${row}.customer GROUP BY "date") d`;

/**
 * `since` counted from the customer's movements: the first day from which no later day (that day
 * included) ends with the customer holding nothing. One pass: the days that end clear are counted
 * from the last day backwards, and the first day with none at or after it is the answer.
 */
const sinceCounted = (row: 'NEW' | 'OLD') => `(SELECT COALESCE(MIN(c."date"), '') FROM (
    SELECT r."date", SUM(CASE WHEN r.trolleys <= 0 AND r.shelves <= 0 AND r.extensions <= 0 THEN 1 ELSE 0 END)
      OVER (ORDER BY r."date" DESC) AS clear_days
    FROM (${runningByDay(row)}) r) c
  WHERE c.clear_days = 0)`;

const ofCustomer = (row: 'NEW' | 'OLD') => `nursery = ${row}.nursery AND customer = ${row}.customer`;

/** The statements that keep `trolley_balances` for one change (each ends with a semicolon). */
function balanceStatements(op: 'INSERT' | 'UPDATE' | 'DELETE'): string {
  const ensure = (row: 'NEW' | 'OLD') => `INSERT INTO trolley_balances (nursery, customer, trolleys, shelves, extensions, since)
    VALUES (${row}.nursery, ${row}.customer, 0, 0, 0, '') ON CONFLICT (nursery, customer) DO NOTHING;`;
  const add = (row: 'NEW' | 'OLD', sign: '+' | '-', since: string) => `UPDATE trolley_balances SET
    ${COUNTS.map((c) => `${c} = ${c} ${sign} ${delta(row, c)}`).join(', ')}${since}
    WHERE ${ofCustomer(row)};`;
  const recount = (row: 'NEW' | 'OLD', when = '') =>
    `UPDATE trolley_balances SET since = ${sinceCounted(row)} WHERE ${ofCustomer(row)}${when};`;
  if (op === 'INSERT') {
    // The usual case, a movement on a day after the customer's others: `since` follows from the
    // balance before and after. Otherwise it is counted again.
    const after = COUNTS.map((c) => `${c} + ${delta('NEW', c)} <= 0`).join(' AND ');
    const before = COUNTS.map((c) => `${c} <= 0`).join(' AND ');
    const since = `, since = CASE WHEN ${after} THEN '' WHEN ${before} THEN NEW."date" ELSE since END`;
    const notLatest = ` AND NEW."date" <= (SELECT MAX("date") FROM trolley_movements WHERE ${ofCustomer('NEW')} AND id <> NEW.id)`;
    return [ensure('NEW'), add('NEW', '+', since), recount('NEW', notLatest)].join('\n');
  }
  if (op === 'DELETE') return [add('OLD', '-', ''), recount('OLD')].join('\n');
  return [add('OLD', '-', ''), ensure('NEW'), add('NEW', '+', ''), recount('OLD'), recount('NEW')].join('\n');
}

/** The columns that change what a customer holds; a change of a note leaves the balances alone. */
const BALANCE_COLUMNS = `nursery, customer, kind, "date", trolleys, shelves, extensions`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // As every table since migration 002: `seq`, the insertion order (the rowid on SQLite).
  const columns = sql`"created" text NOT NULL,
    "updated" text NOT NULL,
    "nursery" text NOT NULL DEFAULT '',
    "customer" text NOT NULL,
    "kind" text NOT NULL,
    "reason" text NOT NULL DEFAULT '',
    "date" text NOT NULL DEFAULT '',
    "trolleys" integer NOT NULL DEFAULT 0,
    "shelves" integer NOT NULL DEFAULT 0,
    "extensions" integer NOT NULL DEFAULT 0,
    "note" text NOT NULL DEFAULT '',
    "recordedBy" text NOT NULL DEFAULT '',
    "run" text NOT NULL DEFAULT '',
    "stop" text NOT NULL DEFAULT '',
    "created_by" text NOT NULL DEFAULT '',
    "updated_by" text NOT NULL DEFAULT ''`;
  const postgres = isPostgres(db);
  if (postgres) {
    await sql`CREATE TABLE trolley_movements ("id" text PRIMARY KEY, ${columns}, "seq" BIGINT NOT NULL GENERATED ALWAYS AS IDENTITY)`.execute(
      db,
    );
    await sql`CREATE UNIQUE INDEX trolley_movements_seq ON trolley_movements (seq)`.execute(db);
  } else {
    await sql`CREATE TABLE trolley_movements ("seq" INTEGER PRIMARY KEY, "id" text NOT NULL UNIQUE, ${columns})`.execute(db);
  }
  await db.schema.createIndex('trolley_movements_customer').on('trolley_movements').columns(['nursery', 'customer', 'date']).execute();
  await db.schema.createIndex('trolley_movements_nursery_seq').on('trolley_movements').columns(['nursery', 'seq']).execute();
  await sql`CREATE UNIQUE INDEX trolley_movements_run_stop ON trolley_movements (run, stop) WHERE run != ''`.execute(db);

  await sql`CREATE TABLE trolley_balances (
    "nursery" text NOT NULL,
    "customer" text NOT NULL,
    "trolleys" integer NOT NULL DEFAULT 0,
    "shelves" integer NOT NULL DEFAULT 0,
    "extensions" integer NOT NULL DEFAULT 0,
    "since" text NOT NULL DEFAULT '',
    PRIMARY KEY ("nursery", "customer"))`.execute(db);

  if (postgres) {
    const branch = (op: 'INSERT' | 'UPDATE' | 'DELETE') => `IF TG_OP = '${op}' THEN\n${balanceStatements(op)}\nEND IF;`;
    await sql
      .raw(
        `CREATE FUNCTION trolley_balances_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
${branch('INSERT')}
${branch('UPDATE')}
${branch('DELETE')}
RETURN NULL;
END
$fn$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER trolley_balances_insert AFTER INSERT ON trolley_movements FOR EACH ROW EXECUTE FUNCTION trolley_balances_follow()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER trolley_balances_update AFTER UPDATE OF ${BALANCE_COLUMNS} ON trolley_movements FOR EACH ROW EXECUTE FUNCTION trolley_balances_follow()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER trolley_balances_delete AFTER DELETE ON trolley_movements FOR EACH ROW EXECUTE FUNCTION trolley_balances_follow()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(`CREATE TRIGGER trolley_balances_insert AFTER INSERT ON trolley_movements BEGIN\n${balanceStatements('INSERT')}\nEND`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER trolley_balances_update AFTER UPDATE OF ${BALANCE_COLUMNS} ON trolley_movements BEGIN\n${balanceStatements('UPDATE')}\nEND`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER trolley_balances_delete AFTER DELETE ON trolley_movements BEGIN\n${balanceStatements('DELETE')}\nEND`)
      .execute(db);
  }
}
