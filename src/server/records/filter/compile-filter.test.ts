import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { compileFilter } from './compile-filter';
import { FilterError } from './field-map';
import { CASE_TABLE_DIALECT, createItemsDatabaseOn, ITEM_FIELDS, type TestDatabase } from './filter-test-table';
import { parseFilter } from './parse-filter';

// The case table runs on SQLite, and on PostgreSQL in its pass (TEST_DATABASE_URL): both must
// select the same rows for every filter.
const dialect = CASE_TABLE_DIALECT;
let db: Kysely<TestDatabase>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await createItemsDatabaseOn(dialect));
});

afterAll(async () => {
  await close();
});

/** Ids of the rows the filter selects, in id order. */
async function idsMatching(filter: string): Promise<string[]> {
  const where = compileFilter(parseFilter(filter), ITEM_FIELDS, dialect);
  const rows = await db.selectFrom('items').select('id').where(where).orderBy('id').execute();
  return rows.map((row) => row.id);
}

function compileError(filter: string): string {
  try {
    compileFilter(parseFilter(filter), ITEM_FIELDS, dialect);
  } catch (error) {
    expect(error).toBeInstanceOf(FilterError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(filter)} to be rejected`);
}

describe(`compileFilter on ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('selects every row for an empty filter', async () => {
    expect(await idsMatching('')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });

  it.each([
    ['weekNumber = 12', ['a', 'c']],
    ['weekNumber != 12', ['b', 'd', 'e', 'f', 'g', 'h']],
    ['weekNumber > 13', ['e', 'f']],
    ['weekNumber >= 13', ['b', 'e', 'f']],
    ['weekNumber < 3', ['d', 'g']],
    ['weekNumber <= 3', ['d', 'g', 'h']],
    ['12 = weekNumber', ['a', 'c']],
    ['13 <= weekNumber', ['b', 'e', 'f']],
    ['3 > weekNumber', ['d', 'g']],
    ['price = 9.5', ['a']],
    ['price > -3 && price < 0', ['d']],
    ['weekNumber = "12"', ['a', 'c']],
    ['weekNumber = " 12 "', ['a', 'c']],
  ])('numbers: %s', async (filter, ids) => {
    expect(await idsMatching(filter)).toEqual(ids);
  });

  it.each([
    ['title ~ "oak"', ['a', 'b']],
    ['title ~ "OAK"', ['a', 'b']],
    ['title !~ "oak"', ['c', 'd', 'e', 'f', 'g', 'h']],
    ['note !~ "same"', ['a', 'b', 'c', 'd', 'e', 'f']],
    ['weekNumber ~ 5', ['e', 'f']],
    ['created ~ "2025-"', ['d']],
  ])('contains: %s', async (filter, ids) => {
    expect(await idsMatching(filter)).toEqual(ids);
  });

  it('treats % and _ in a contains value literally', async () => {
    // Unescaped, "_" would be a one-character wildcard and also match note "snakeXcase".
    expect(await idsMatching('title ~ "e_c"')).toEqual(['f']);
    expect(await idsMatching('note ~ "e_c"')).toEqual([]);
    expect(await idsMatching(String.raw`note ~ "50\%"`)).toEqual(['e']);
    expect(await idsMatching(String.raw`note ~ "0\% o"`)).toEqual(['e']);
    expect(await idsMatching(String.raw`title ~ "\\dir"`)).toEqual(['e']);
    expect(await idsMatching(String.raw`title ~ "C:\\"`)).toEqual(['e']);
  });

  it('uses a contains value with its own % as a LIKE pattern, as PocketBase does', async () => {
    expect(await idsMatching('title ~ "oak%"')).toEqual(['a', 'b']);
    expect(await idsMatching('title ~ "%sap%"')).toEqual(['b']);
    expect(await idsMatching('note ~ "50%"')).toEqual(['e']);
    expect(await idsMatching('note ~ "0% o"')).toEqual([]);
  });

  it('treats null and "" alike on text fields', async () => {
    expect(await idsMatching('note = null')).toEqual(['b', 'c']);
    expect(await idsMatching('note = ""')).toEqual(['b', 'c']);
    expect(await idsMatching("note = ''")).toEqual(['b', 'c']);
    expect(await idsMatching('null = note')).toEqual(['b', 'c']);
    expect(await idsMatching('note != null')).toEqual(['a', 'd', 'e', 'f', 'g', 'h']);
    expect(await idsMatching('note != ""')).toEqual(['a', 'd', 'e', 'f', 'g', 'h']);
    expect(await idsMatching('title = null')).toEqual(['c']);
    expect(await idsMatching('owner = null')).toEqual(['c', 'h']);
  });

  it('counts a NULL text field as different from a value', async () => {
    expect(await idsMatching('note != "big"')).toEqual(['b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });

  it('compares "" as an ordinary value with < and > on text fields', async () => {
    expect(await idsMatching('title > ""')).toEqual(['a', 'b', 'd', 'e', 'f', 'g', 'h']);
  });

  it('matches NULL numbers with = null and = ""', async () => {
    expect(await idsMatching('price = null')).toEqual(['b']);
    expect(await idsMatching('price = ""')).toEqual(['b']);
    expect(await idsMatching('price != null')).toEqual(['a', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(await idsMatching('price != 9.5')).toEqual(['b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });

  it.each([
    ['done = true', ['a', 'd', 'h']],
    ['done = false', ['b', 'c', 'e', 'f', 'g']],
    ['done != true', ['b', 'c', 'e', 'f', 'g']],
    ['done = 1', ['a', 'd', 'h']],
    ['done = "true"', ['a', 'd', 'h']],
    ['done = "0"', ['b', 'c', 'e', 'f', 'g']],
    ['true = done', ['a', 'd', 'h']],
  ])('booleans: %s', async (filter, ids) => {
    expect(await idsMatching(filter)).toEqual(ids);
  });

  it('compares dates and relations as text', async () => {
    expect(await idsMatching('created >= "2026-01-06 00:00:00.000Z" && created < "2026-01-07"')).toEqual(['b']);
    expect(await idsMatching("created < '2026-01-01'")).toEqual(['d']);
    expect(await idsMatching('owner = "u1"')).toEqual(['a', 'd', 'f']);
  });

  it('compares a number written without quotes with a text field as the text written', async () => {
    expect(await idsMatching('owner = 0042')).toEqual(['g']);
    expect(await idsMatching('owner = 42')).toEqual([]);
    expect(await idsMatching('note ~ 50')).toEqual(['e']);
  });

  it('finds values containing quotes, backslashes and SQL', async () => {
    expect(await idsMatching(String.raw`title = "He said \"hi\""`)).toEqual(['d']);
    expect(await idsMatching(`title = 'He said "hi"'`)).toEqual(['d']);
    expect(await idsMatching(String.raw`note = 'it\'s'`)).toEqual(['d']);
    expect(await idsMatching(`note = "it's"`)).toEqual(['d']);
    expect(await idsMatching(String.raw`title = "C:\\dir\\file"`)).toEqual(['e']);
    expect(await idsMatching(`title = "' OR 1=1 --"`)).toEqual(['g']);
    expect(await idsMatching(String.raw`title = '\' OR 1=1 --'`)).toEqual(['g']);
    expect(await idsMatching(`title ~ "' OR 1=1 --"`)).toEqual(['g']);
    expect(await idsMatching(`title = ${JSON.stringify("x' OR '1'='1")}`)).toEqual([]);
  });

  it('sends values as parameters, never inside the SQL text', () => {
    const where = compileFilter(parseFilter(`title = "' OR 1=1 --" || note ~ "x"`), ITEM_FIELDS, dialect);
    const compiled = db.selectFrom('items').select('id').where(where).compile();
    expect(compiled.sql).not.toContain('OR 1=1');
    expect(compiled.parameters).toEqual(["' OR 1=1 --", '%x%']);
  });

  it('binds && tighter than ||', async () => {
    // Read left to right without precedence this would be (done || week 12) && oak = a only.
    expect(await idsMatching('done = true || weekNumber = 12 && title ~ "oak"')).toEqual(['a', 'd', 'h']);
    expect(await idsMatching('(done = true || weekNumber = 12) && title ~ "oak"')).toEqual(['a']);
    expect(await idsMatching('weekNumber = 12 && title ~ "oak" || done = true')).toEqual(['a', 'd', 'h']);
    expect(await idsMatching('((weekNumber = 1 || weekNumber = 2) && (owner = "u1" || owner = "0042")) || id = "h"')).toEqual([
      'd',
      'g',
      'h',
    ]);
  });

  it('compares a field with a field', async () => {
    expect(await idsMatching('title = note')).toEqual(['c', 'h']);
    expect(await idsMatching('title != note')).toEqual(['a', 'b', 'd', 'e', 'f', 'g']);
    expect(await idsMatching('weekNumber < price')).toEqual(['e']);
    expect(await idsMatching('price = weekNumber')).toEqual(['h']);
    expect(await idsMatching('price != weekNumber')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(await idsMatching('note ~ title && title != ""')).toEqual(['h']);
    expect(await idsMatching('title !~ note')).toEqual(['a', 'd', 'e', 'f', 'g']);
  });

  it('matches a value containing a field ("Big Oak Tree Ltd" ~ title)', async () => {
    // An empty title is contained in every value.
    expect(await idsMatching('"Big Oak Tree Ltd" ~ title')).toEqual(['a', 'c']);
    expect(await idsMatching('"Big Oak Tree Ltd" !~ title')).toEqual(['b', 'd', 'e', 'f', 'g', 'h']);
    expect(await idsMatching('"snakeXcase" ~ title')).toEqual(['c']);
  });

  it.each([
    ['colour = "red"', 'Invalid filter: unknown field "colour".'],
    ['constructor = 1', 'Invalid filter: unknown field "constructor".'],
    ['__proto__ = 1', 'Invalid filter: unknown field "__proto__".'],
    ['week_number = 1', 'Invalid filter: unknown field "week_number".'],
    ['user.email = "x"', 'Invalid filter: unknown field "user.email".'],
    ['"x" = colour', 'Invalid filter: unknown field "colour".'],
    ['data = "x"', 'Invalid filter: field "data" cannot be filtered.'],
    ['data ~ "x"', 'Invalid filter: field "data" cannot be filtered.'],
    ['weekNumber = "abc"', 'Invalid filter: field "weekNumber" holds numbers and cannot be compared with "abc".'],
    ['weekNumber > ""', 'Invalid filter: field "weekNumber" holds numbers and cannot be compared with "".'],
    ['weekNumber = true', 'Invalid filter: field "weekNumber" holds numbers and cannot be compared with true.'],
    ['title = false', 'Invalid filter: field "title" holds text and cannot be compared with false.'],
    ['done = "yes"', 'Invalid filter: field "done" holds true/false values and cannot be compared with "yes".'],
    ['done = 2', 'Invalid filter: field "done" holds true/false values and cannot be compared with 2.'],
    ['done > false', 'Invalid filter: ">" cannot be used with field "done", which holds true/false values; use "=" or "!=".'],
    ['done ~ "1"', 'Invalid filter: "~" cannot be used with field "done", which holds true/false values; use "=" or "!=".'],
    ['weekNumber > null', 'Invalid filter: null can only be used with "=" or "!=" (field "weekNumber").'],
    ['title ~ null', 'Invalid filter: null can only be used with "=" or "!=", not "~".'],
    ['title = weekNumber', 'Invalid filter: fields "title" and "weekNumber" hold different kinds of values and cannot be compared.'],
  ])('rejects %j', (filter, message) => {
    expect(compileError(filter)).toBe(message);
  });
});

describe('compileFilter for PostgreSQL', () => {
  // No PostgreSQL here: compile only, to check what differs in the bound values.
  const pg = new Kysely<TestDatabase>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });

  function compiledFor(filter: string): { sql: string; parameters: readonly unknown[] } {
    const where = compileFilter(parseFilter(filter), ITEM_FIELDS, 'postgres');
    return pg.selectFrom('items').select('id').where(where).compile();
  }

  it('binds booleans as booleans and fractional numbers as NUMERIC', () => {
    expect(compiledFor('done = true').parameters).toEqual([true]);
    expect(compiledFor('price > 12.5')).toMatchObject({
      sql: 'select "id" from "items" where "price" > CAST($1 AS NUMERIC)',
      parameters: [12.5],
    });
    expect(compiledFor('weekNumber = 12')).toMatchObject({
      sql: 'select "id" from "items" where "week_number" = $1',
      parameters: [12],
    });
  });
});
